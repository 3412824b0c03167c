#pragma once

#include "widgets/common/TextCellPainter.h"

#include <QHash>
#include <QPersistentModelIndex>
#include <QStyledItemDelegate>

// Edits the spec table's cells with the editor each column needs: a spin box with the unit and range
// for numbers, a list of choices for the enumerations (interconnect fixed; memory type and form factor
// open to new values), a line for text. A value the table would refuse keeps the editor open and
// valueRefused() says why. Paints the marks of changed cells in the theme's colours
// (ThemeColors::editMarks): amber = not saved yet, blue corner = differs from the bundled value.
class SpecItemDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    explicit SpecItemDelegate(QObject *parent = nullptr);

    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &option,
                          const QModelIndex &index) const override;
    void setEditorData(QWidget *editor, const QModelIndex &index) const override;
    void setModelData(QWidget *editor, QAbstractItemModel *model, const QModelIndex &index) const override;
    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
    void destroyEditor(QWidget *editor, const QModelIndex &index) const override;

    // Commits every open editor whose value is valid; false (and valueRefused) if one is refused.
    bool commitOpenEditors();
    // False (and valueRefused) when the table would refuse the editor's value.
    bool acceptsValueOf(QWidget *editor);
    bool hasOpenEditor() const { return !m_open.isEmpty(); }
    // Closes every open editor without taking its text (Revert).
    void discardOpenEditors();
    // The editor's value as the model takes it (a null QVariant for an empty number).
    static QVariant editorValue(const QWidget *editor);

signals:
    void valueRefused(const QString &reason);
    // An editor opened or closed: Save is enabled while typed text waits in one.
    void openEditorsChanged();

protected:
    bool eventFilter(QObject *object, QEvent *event) override;

private:
    bool commitIfValid(QWidget *editor, EndEditHint hint);
    QString problemWith(QWidget *editor) const;

    mutable QHash<QWidget *, QPersistentModelIndex> m_open;
    TextCellPainter m_cells;
};
