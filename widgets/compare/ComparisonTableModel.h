#pragma once

#include "widgets/compare/ComparisonData.h"

#include <QAbstractTableModel>
#include <QHash>

// Rows of quantities (with a heading line where the section changes), one column for the label and unit
// and one per GPU. The best value of each row (by its betterWhen, with at least two values present and not
// all equal; ties share it) is marked: bold, a star before it, and an accessible description. Missing values
// read "n/a".
class ComparisonTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        LabelColumn = 0,
        FirstValueColumn = 1
    };
    enum Role
    {
        RawValueRole = Qt::UserRole + 1, // double for sorting; invalid where missing or not a value cell
        IsBestRole,                      // bool: the best value of its row
        IsSectionRole,                   // bool: a section heading line
        RowIdRole,                       // QString: the ComparisonRow id (empty on headings)
        NoteRole,                        // QString: the cell's note
        UnitRole,                        // QString: the row's unit
    };

    explicit ComparisonTableModel(QObject *parent = nullptr);

    // Replaces the data. With the same rows and GPUs as before (a workload change) only the cells whose
    // text changed are reported (dataChanged), so views repaint just those; otherwise the model is reset.
    // Returns whether it was reset.
    bool setComparison(const ComparisonData &data);
    const ComparisonData &comparison() const { return m_data; }

    // Mapping between model rows and ComparisonData rows; -1 on a section heading / unknown id.
    int dataRowAt(int modelRow) const;
    int modelRowFor(const QString &rowId) const;
    // Model column of a GPU column index and back (-1 for the label column).
    static int modelColumnFor(int gpuColumn) { return gpuColumn + FirstValueColumn; }
    static int gpuColumnAt(int modelColumn) { return modelColumn - FirstValueColumn; }

    static QString marker(); // the text mark before a best value

    // What a cell shows (DisplayRole) and whether it is its row's best, without going through QVariant:
    // the table measures every cell's text on each recompute to fit its columns.
    const QString &displayText(int modelRow, int modelColumn) const;
    bool isBest(int modelRow, int modelColumn) const;
    bool isSection(int modelRow) const { return dataRowAt(modelRow) < 0; }

    // A folded section shows its heading with a closed marker and the number of its rows; the view hides
    // those rows (ComparisonTable). The comparison's foldedSections start folded; the user's choice is
    // kept across recomputes.
    bool isFolded(const QString &section) const;
    void setFolded(const QString &section, bool folded);
    // The section heading above model row `row` (its own text on a heading).
    QString sectionOf(int modelRow) const;

    // The whole table as tab-separated text (headings on their own line), for the clipboard or a report.
    QString toTabSeparatedText() const;

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;

private:
    struct Line
    {
        int dataRow = -1; // index into m_data.rows, or -1 for a heading
        QString section;  // heading text
        bool operator==(const Line &) const = default;
    };
    QVariant labelData(const ComparisonRow &row, int role) const;
    QVariant valueData(int dataRow, int gpuColumn, int role) const;
    QString valueText(const ComparisonRow &row, int gpuColumn) const;

    QString headingText(const QString &section) const;

    ComparisonData m_data;
    QHash<QString, bool> m_foldChoices; // section -> folded, as the user last set it
    QVector<Line> m_lines;
    QVector<QVector<bool>> m_best; // [dataRow][gpuColumn]
    // [model row][model column]: each number formatted once per comparison, not on every paint and fit
    QVector<QStringList> m_texts;
};
