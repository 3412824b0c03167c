#pragma once

#include <QIdentityProxyModel>

class CatalogueEditor;

// The spec table as views show it: the same rows and columns, but an edit through any view (a cell
// editor, a paste, a test driving the view) becomes an undoable command pushed by the editor, with the
// same checks and refusals as the editor's own edits. CatalogueEditor makes one over its model.
class UndoableSpecModel : public QIdentityProxyModel
{
    Q_OBJECT
public:
    explicit UndoableSpecModel(CatalogueEditor *editor);

    Qt::ItemFlags flags(const QModelIndex &index) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;

private:
    CatalogueEditor *m_editor;
};
