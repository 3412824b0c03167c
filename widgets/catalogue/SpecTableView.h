#pragma once

#include <QTableView>
#include <QVector>

class SpecItemDelegate;

// A table view whose open editor is not closed, nor its text committed, while the delegate refuses
// its value (clicking another cell would otherwise drop what the user typed). Escape still closes it.
class GuardedTableView : public QTableView
{
    Q_OBJECT
public:
    using QTableView::QTableView;
    void setSpecDelegate(SpecItemDelegate *delegate);

protected:
    void commitData(QWidget *editor) override;
    void closeEditor(QWidget *editor, QAbstractItemDelegate::EndEditHint hint) override;

private:
    SpecItemDelegate *m_delegate = nullptr;
};

// The spec table with its identity column (gpu_id, logical column 0) frozen at the left: a second view
// over the same model and selection shows only that column, on top of the first, scrolled with it
// (after Qt's "Frozen Column" example).
// Cells are edited by typing into them; rows have one height; columns can be moved and hidden.
class SpecTableView : public GuardedTableView
{
    Q_OBJECT
public:
    explicit SpecTableView(QWidget *parent = nullptr);

    void setModel(QAbstractItemModel *model) override;
    // Each view has its own delegate: a delegate's commit signals reach every view it is set on.
    void setSpecDelegates(SpecItemDelegate *main, SpecItemDelegate *frozen);
    QTableView *frozenView() const { return m_frozen; }
    // The columns' order, widths and hidden ones, kept between runs. A state restored before the model
    // has its columns is applied when they come; false when the state is not one of this header's.
    // Without one, the columns are fitted to their contents when first shown (fitColumns()).
    QByteArray columnState() const;
    bool restoreColumnState(const QByteArray &state);

    void scrollTo(const QModelIndex &index, ScrollHint hint = EnsureVisible) override;

protected:
    void showEvent(QShowEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    QModelIndex moveCursor(CursorAction cursorAction, Qt::KeyboardModifiers modifiers) override;
    void updateGeometries() override;

private:
    void updateFrozenGeometry();
    // Sideways, the table stops where a column starts at the frozen column's edge: a column is never half
    // under it, its header cut to "aunch price" (issue 39). The last stop may leave room at the right.
    void snapToColumnEdge(int value);
    QVector<int> columnEdges() const; // the scroll positions where a column starts at that edge
    // Each column as wide as its header and its texts (Qt's measure: the rows in view, then others up to
    // kFitSampleRows), none wider than kMaxFittedWidth; the user may widen one after.
    void fitColumns();
    // The header's context menu: every column but the identity one can be hidden and shown again.
    void showColumnMenu(const QPoint &at);
    void keepIdentityFirst();

    GuardedTableView *m_frozen;
    QByteArray m_pendingColumnState;
    bool m_columnsSet = false; // fitted, or restored from the user's state
};
