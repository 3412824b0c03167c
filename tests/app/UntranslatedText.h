#pragma once

#include <QSet>
#include <QString>
#include <QStringList>
#include <QVector>

class QAbstractItemModel;
class QCustomPlot;
class QObject;
class QWidget;
struct CatalogueSnapshot;

// Finds user-visible text that escaped translation: collects every string a window shows (titles,
// menus and actions, labels, buttons, tabs, docks, placeholders, combo items, spin box affixes, item
// models' headers and cells, tooltips, charts) and reports the English words left in it once the
// allowed Latin text is taken out: catalogue data (GPU, model, profile and benchmark names and
// notes), units, acronyms and precision names, formula symbols, numbers.
class UntranslatedText
{
public:
    struct Finding
    {
        QString where;     // object path, e.g. "MainWindow/centralTabs/QLabel#note" or "menu &File"
        QString text;      // the whole string
        QStringList words; // the English words left in it
    };

    explicit UntranslatedText(const CatalogueSnapshot &catalogue);

    // Adds every string shown by widget and its children (and the window's actions and menus).
    void collectWidgetTree(QWidget *widget);
    void collectModel(const QAbstractItemModel *model, const QString &where);
    void collectPlot(QCustomPlot *plot, const QString &where);
    void collect(const QString &text, const QString &where);

    const QVector<Finding> &findings() const { return m_findings; }
    int stringsChecked() const { return m_checked; }
    QString report() const; // one line per finding

    // The English words of text that are not allowed (exposed for the test of the checker itself).
    QStringList englishWords(const QString &text) const;

private:
    void collectObject(QObject *object, const QString &where);
    static QString pathOf(const QObject *object);

    QStringList m_dataStrings;    // catalogue text, longest first
    QSet<QString> m_allowedWords; // lower case
    QVector<Finding> m_findings;
    QSet<QString> m_seen; // where + text, so that a string is reported once per place
    int m_checked = 0;
};
