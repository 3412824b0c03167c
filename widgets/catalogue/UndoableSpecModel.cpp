#include "widgets/catalogue/UndoableSpecModel.h"

#include "db/GpuField.h"
#include "widgets/catalogue/CatalogueEditor.h"

UndoableSpecModel::UndoableSpecModel(CatalogueEditor *editor)
    : QIdentityProxyModel(editor)
    , m_editor(editor)
{
    setSourceModel(editor->model());
}

Qt::ItemFlags UndoableSpecModel::flags(const QModelIndex &index) const
{
    Qt::ItemFlags result = QIdentityProxyModel::flags(index);
    // The id is changed only through Rename GPU… (CatalogueEditor::renameGpu): a slip in the cell once
    // saved "2.49" as a GPU's id and left its measurements naming the old one.
    if (index.isValid() && !m_editor->model()->session()->isReadOnly() && index.column() != GpuField::GpuId)
        result |= Qt::ItemIsEditable;
    return result;
}

bool UndoableSpecModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::EditRole || !checkIndex(index, CheckIndexOption::IndexIsValid))
        return false;
    const QModelIndex source = mapToSource(index);
    return m_editor->setValue(source.row(), source.column(), value);
}
