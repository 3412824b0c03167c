#pragma once

#include "widgets/compare/ComparisonData.h"

#include <QWidget>

class AnswerStrip;
class ComparisonItemDelegate;
class ComparisonTableModel;
class FrozenColumnView;
class StaleBanner;
class QTableView;

// The side-by-side table: one column per GPU, units on every row, section headings spanning the table, the
// best value per row marked. Selecting a value cell reports the quantity's id and the GPU column, so the
// math panel can show the terms behind that number.
class ComparisonTable : public QWidget
{
    Q_OBJECT
public:
    explicit ComparisonTable(QWidget *parent = nullptr);
    ~ComparisonTable() override;

    void setComparison(const ComparisonData &data);
    // While a form field is invalid the table keeps its last valid result, dimmed under this note; empty
    // when the table is current.
    void setStaleNote(const QString &note);
    QString staleNote() const;
    const ComparisonData &comparison() const;

    // Selects the cell of a quantity and GPU column (emits cellSelected); false if there is no such cell.
    bool selectCell(const QString &rowId, int gpuColumn);
    // The selected quantity id and GPU column, or an empty id and -1.
    QString selectedRowId() const;
    int selectedColumn() const;

    // The lines the label of model row `row` takes at the label column's width (1 when it fits): long
    // labels wrap instead of being cut, and their row is as tall as its lines.
    int labelLines(int row) const;
    // The lines the row takes: its label's, or a value's that wraps in a GPU column narrowed to fit the
    // view (issue 39: "681.47 (⚠ est. 7,426, −91%)" kept four GPUs from fitting at 1280 x 720).
    int lines(int row) const;

    // Puts the whole table on the clipboard as tab-separated text (also Ctrl+C and the context menu).
    void copyTable() const;

    // Whether the rows of a section are folded away under its heading.
    bool isFolded(const QString &section) const;
    void setFolded(const QString &section, bool folded);

    // Scrolls to a GPU column and selects it, keeping the selected quantity when there is one.
    void selectColumn(int gpuColumn);

    // The answer strip above the table; its GPU names select their cells here.
    AnswerStrip *answerStrip() const { return m_answers; }

    ComparisonTableModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }
    // The row labels over the view's first column, in view while the GPU columns scroll sideways.
    FrozenColumnView *labelView() const { return m_labels; }

signals:
    // The user (or selectCell) selected the value of quantity rowId for GPU column gpuColumn (0-based).
    void cellSelected(const QString &rowId, int gpuColumn);
    // The selection left the value cells (a heading, the label column, or nothing).
    void selectionCleared();

protected:
    void showEvent(QShowEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void onCurrentChanged(const QModelIndex &current);
    void applySpans();
    // Hides the rows of folded sections; a click on a heading folds or opens it.
    void applyFolds();
    void toggleFold(int modelRow);
    void fitColumnsToText();
    // Gives the columns the viewport's width: the label column its text's width (or, when the GPU
    // columns leave less, a share of it, the labels wrapping), the GPU columns the rest, evenly. When even
    // so the GPU columns want more than there is, the widest are narrowed alike (their long values wrap)
    // down to a floor; only then does the table scroll sideways, its labels staying in view.
    void spreadColumns();
    int cellLines(int row, int column, const QFont &font) const;
    void fitRowHeights();

    ComparisonTableModel *m_model;
    AnswerStrip *m_answers;
    QTableView *m_view;
    ComparisonItemDelegate *m_delegate;
    FrozenColumnView *m_labels = nullptr;
    StaleBanner *m_stale;
    bool m_columnsStale = false; // set while hidden: columns are fitted when the table is next shown
    QVector<int> m_textWidths;   // each column's widest text with padding, from fitColumnsToText()
    QVector<int> m_headerWidths; // each column's title with padding: its floor
    int m_headingWidth = 0;      // the widest section heading with padding
};
