#pragma once

#include "widgets/compare/AnswerData.h"

#include <QFrame>
#include <QVector>

class QLabel;
class QVBoxLayout;

// The answer first: one line per task above the Compare table ("Inference: H200 SXM fastest (151
// tokens/s), A100 SXM4 80GB cheapest ($5.45 per million tokens); L40S needs 2 GPUs"). Each GPU name is a
// link; activating it (mouse or keyboard) reports the column and the table row it is about. Shows what it
// is given, hidden when given nothing.
class AnswerStrip : public QFrame
{
    Q_OBJECT
public:
    explicit AnswerStrip(QWidget *parent = nullptr);

    void setAnswers(const QVector<AnswerLine> &lines);
    const QVector<AnswerLine> &answers() const { return m_lines; }

    // The label that shows line i (nullptr past the end), and the link of a part as that label holds it.
    QLabel *lineLabel(int line) const;
    static QString href(const AnswerPart &part);

signals:
    void linkActivated(int column, const QString &rowId);

private:
    void activate(const QString &href);
    static QString richText(const AnswerLine &line);

    QVector<AnswerLine> m_lines;
    QVector<QLabel *> m_labels;
    QVBoxLayout *m_layout;
};
