#include "widgets/catalogue/UndoableSpecModel.h"

#include "widgets/catalogue/CatalogueEditor.h"

UndoableSpecModel::UndoableSpecModel(CatalogueEditor *editor)
    : QIdentityProxyModel(editor)
    , m_editor(editor)
{
    setSourceModel(editor->model());
}

bool UndoableSpecModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::EditRole || !checkIndex(index, CheckIndexOption::IndexIsValid))
        return false;
    const QModelIndex source = mapToSource(index);
    return m_editor->setValue(source.row(), source.column(), value);
}
