#pragma once

#include <QString>
#include <QVector>

// One step of an estimate, as the "show the math" panel and `estimate --json` print it.
struct MathTerm
{
    QString name;        // "weights per GPU"
    QString formula;     // "params x bytes per weight / (tp x pp)"
    QString substituted; // "8.03e9 x 2 / (1 x 1)"
    double value = 0.0;  // 16.06
    QString unit;        // "GB"
};

// Collects MathTerms while an estimate is computed. The models take a MathLog pointer and build
// terms only when it is not null, so the fast path (math off) does no string work at all.
class MathLog
{
public:
    void add(const QString &name, const QString &formula, const QString &substituted, double value,
             const QString &unit);
    const QVector<MathTerm> &terms() const { return m_terms; }
    QVector<MathTerm> takeTerms() { return std::move(m_terms); }

    // Compact number formatting used in substituted values: 3 significant digits, e-notation when large.
    static QString number(double value);

private:
    QVector<MathTerm> m_terms;
};
