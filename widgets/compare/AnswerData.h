#pragma once

#include <QString>
#include <QVector>

// A piece of an answer line: text, or a GPU's name that selects a cell of the Compare table when clicked.
struct AnswerPart
{
    QString text;
    int column = -1; // the GPU column it names; -1: plain text
    QString rowId{}; // the table row of the number it is about; empty: the column alone

    bool isLink() const { return column >= 0; }
};

// One line of the answer strip: a task and what the comparison says about it, prepared by a controller.
struct AnswerLine
{
    QString title;               // "Inference"
    QString taskKey{};           // "inference" or "training", untranslated (compare --json)
    QVector<AnswerPart> parts{}; // "H200 SXM", " fastest (151 tokens/s), ", "A100 SXM4 80GB", ...
    QString detail{};            // the workload it answers for, as the tooltip
    // The columns it picks (within the targets, when the load has some): fastest and cheapest, ties and
    // "about the same" included. Empty for the other task's line.
    QVector<int> fastest{};
    QVector<int> cheapest{};

    QString text() const
    {
        QString body;
        for (const AnswerPart &part : parts)
            body += part.text;
        return body;
    }
};
