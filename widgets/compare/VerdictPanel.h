#pragma once

#include "widgets/compare/VerdictData.h"

#include <QColor>
#include <QVector>
#include <QWidget>

class QLabel;
class QVBoxLayout;
class StaleBanner;

// Per GPU, a card with the training and the inference verdict: a badge (symbol, text and colour, so never
// colour alone) and the list of reasons behind it.
class VerdictPanel : public QWidget
{
    Q_OBJECT
public:
    enum class Task
    {
        Training,
        Inference
    };

    explicit VerdictPanel(QWidget *parent = nullptr);
    ~VerdictPanel() override;

    void setVerdicts(const QVector<VerdictData> &verdicts);
    // While a form field is invalid the cards keep the last valid verdicts, dimmed under this note (and
    // "Pick GPUs…" is not said when the GPUs are picked but the workload cannot be estimated).
    void setStaleNote(const QString &note);
    QString staleNote() const;
    const QVector<VerdictData> &verdicts() const { return m_verdicts; }
    // The workload each task's verdict judged ("Llama-3 8B · full training · bf16 · ..."), shown above the
    // cards: the verdict of the task the user did not ask for is made under that task's own recipe.
    void setRecipes(const QString &training, const QString &inference);
    QString recipeText(Task task) const;

    // What the panel shows, read back from its labels.
    int cardCount() const;
    QString badgeText(int card, Task task) const;
    QStringList reasonTexts(int card, Task task) const;
    // The label that lists a card's reasons for a task (one paragraph per reason); nullptr past the end.
    QLabel *reasonLabel(int card, Task task) const;
    QString emptyText() const;
    // Every card as plain text (GPU, then each task's level and reasons), for the Copy Verdicts action.
    QString verdictsAsText() const;

    static QString taskName(Task task);             // "Training", "Inference"
    static QString levelText(VerdictLevel level);   // "Recommended", ...
    static QString levelSymbol(VerdictLevel level); // a shape per level
    static QColor levelColor(VerdictLevel level);   // badge background
    static QColor levelTextColor(VerdictLevel level);

signals:
    // A reason with a number in the table was clicked: that number is in row rowId, column card.
    void reasonClicked(int card, const QString &rowId);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    // The table row of the reason painted at pos in a card's reasons label, and that card.
    QString reasonRowAt(const QObject *label, const QPoint &pos, int *card) const;
    QWidget *createCard();                                           // an empty card: name, badges, reasons
    static void fillCard(QWidget *card, const VerdictData &verdict); // its texts and colours
    QLabel *findLabel(int card, const QString &objectName) const;

    QVector<VerdictData> m_verdicts;
    QVBoxLayout *m_cards;
    QLabel *m_empty;
    StaleBanner *m_stale = nullptr;
    QLabel *m_recipes;
    QString m_trainingRecipe;
    QString m_inferenceRecipe;
    QVector<QWidget *> m_cardWidgets;
};
