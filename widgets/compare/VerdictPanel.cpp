#include "widgets/compare/VerdictPanel.h"

#include "widgets/common/StaleBanner.h"
#include "widgets/common/WrappedLabel.h"
#include "widgets/compare/VerdictBadge.h"

#include <QAction>
#include <QClipboard>
#include <QFrame>
#include <QGridLayout>
#include <QGuiApplication>
#include <QLabel>
#include <QMouseEvent>
#include <QScrollArea>
#include <QVBoxLayout>

namespace {

QString objectNameFor(VerdictPanel::Task task, const char *part)
{
    return (task == VerdictPanel::Task::Training ? QStringLiteral("training") : QStringLiteral("inference")) +
           QLatin1String(part);
}

// One task's side of a verdict: what a card shows and Copy Verdicts writes.
struct TaskVerdict
{
    VerdictLevel level;
    const QStringList &reasons;
    const QStringList &reasonRows;
};

TaskVerdict taskVerdict(const VerdictData &verdict, VerdictPanel::Task task)
{
    return task == VerdictPanel::Task::Training
               ? TaskVerdict{verdict.training, verdict.trainingReasons, verdict.trainingReasonRows}
               : TaskVerdict{verdict.inference, verdict.inferenceReasons, verdict.inferenceReasonRows};
}

} // namespace

QString VerdictPanel::taskName(Task task)
{
    return task == Task::Training ? tr("Training") : tr("Inference");
}

VerdictPanel::VerdictPanel(QWidget *parent)
    : QWidget(parent)
    , m_cards(nullptr)
    , m_empty(new QLabel(tr("Pick GPUs to see which suit training and inference."), this))
    , m_recipes(new WrappedLabel(this))
{
    setAccessibleName(tr("Verdicts"));
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    auto *scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    m_stale = new StaleBanner(scroll, this);
    outer->addWidget(m_stale);
    outer->addWidget(scroll);

    auto *content = new QWidget(scroll);
    m_cards = new QVBoxLayout(content);
    m_cards->setContentsMargins(6, 6, 6, 6);
    m_cards->setSpacing(8);
    m_empty->setWordWrap(true);
    m_empty->setObjectName(QStringLiteral("emptyText"));
    m_recipes->setObjectName(QStringLiteral("verdictRecipes"));
    m_recipes->setAccessibleName(tr("Workloads the verdicts judge"));
    m_recipes->hide();
    m_cards->addWidget(m_recipes);
    m_cards->addWidget(m_empty);
    m_cards->addStretch(1);
    scroll->setWidget(content);

    // The reasons are plain labels (selectable labels lay their text out as rich-text documents, which
    // cost start-up time); copying goes through this action instead, for all cards at once.
    auto *copy = new QAction(tr("&Copy Verdicts"), this);
    copy->setObjectName(QStringLiteral("copyVerdicts"));
    connect(copy, &QAction::triggered, this,
            [this] { QGuiApplication::clipboard()->setText(verdictsAsText()); });
    addAction(copy);
    setContextMenuPolicy(Qt::ActionsContextMenu);
}

VerdictPanel::~VerdictPanel() = default;

QString VerdictPanel::levelText(VerdictLevel level)
{
    switch (level) {
    case VerdictLevel::Recommended:
        return tr("Recommended");
    case VerdictLevel::Suitable:
        return tr("Suitable");
    case VerdictLevel::Limited:
        return tr("Limited");
    case VerdictLevel::Unsuitable:
        return tr("Unsuitable");
    }
    return {};
}

QString VerdictPanel::levelSymbol(VerdictLevel level)
{
    switch (level) {
    case VerdictLevel::Recommended:
        return QStringLiteral("\u2605"); // ★
    case VerdictLevel::Suitable:
        return QStringLiteral("\u2714"); // ✔
    case VerdictLevel::Limited:
        return QStringLiteral("\u25b2"); // ▲
    case VerdictLevel::Unsuitable:
        return QStringLiteral("\u2716"); // ✖
    }
    return {};
}

QColor VerdictPanel::levelColor(VerdictLevel level)
{
    switch (level) {
    case VerdictLevel::Recommended:
        return QColor(0x00, 0x6e, 0x4f); // bluish green, dark enough for white text
    case VerdictLevel::Suitable:
        return QColor(0x00, 0x5f, 0x9e); // blue
    case VerdictLevel::Limited:
        return QColor(0xe6, 0x9f, 0x00); // orange, dark text
    case VerdictLevel::Unsuitable:
        return QColor(0xa8, 0x3a, 0x00); // vermilion
    }
    return {};
}

QColor VerdictPanel::levelTextColor(VerdictLevel level)
{
    return level == VerdictLevel::Limited ? QColor(0x1a, 0x1a, 0x1a) : QColor(Qt::white);
}

void VerdictPanel::setVerdicts(const QVector<VerdictData> &verdicts)
{
    m_verdicts = verdicts;
    // Cards are reused: a recompute usually keeps the GPUs, and a label given the text it already shows
    // does no layout work (rebuilding every card costs a fifth of a recompute; docs/performance.md).
    while (m_cardWidgets.size() > verdicts.size())
        delete m_cardWidgets.takeLast();
    while (m_cardWidgets.size() < verdicts.size()) {
        QWidget *card = createCard();
        m_cards->insertWidget(m_cards->count() - 1, card); // before the stretch
        m_cardWidgets << card;
    }
    for (qsizetype i = 0; i < verdicts.size(); ++i)
        fillCard(m_cardWidgets[i], verdicts[i]);
    m_empty->setVisible(verdicts.isEmpty() && !m_stale->isStale());
}

void VerdictPanel::setStaleNote(const QString &note)
{
    m_stale->setNote(note);
    m_empty->setVisible(m_verdicts.isEmpty() && !m_stale->isStale());
}

QString VerdictPanel::staleNote() const
{
    return m_stale->isStale() ? m_stale->text() : QString();
}

void VerdictPanel::setRecipes(const QString &training, const QString &inference)
{
    m_trainingRecipe = training;
    m_inferenceRecipe = inference;
    QStringList lines;
    if (!training.isEmpty())
        lines << tr("Training verdicts judge: %1").arg(training);
    if (!inference.isEmpty())
        lines << tr("Inference verdicts judge: %1").arg(inference);
    m_recipes->setText(lines.join(u'\n'));
    m_recipes->setVisible(!lines.isEmpty());
}

QString VerdictPanel::recipeText(Task task) const
{
    return task == Task::Training ? m_trainingRecipe : m_inferenceRecipe;
}

QWidget *VerdictPanel::createCard()
{
    auto *card = new QFrame;
    card->setFrameShape(QFrame::StyledPanel);
    card->setObjectName(QStringLiteral("verdictCard"));
    auto *grid = new QGridLayout(card);
    grid->setContentsMargins(8, 6, 8, 8);
    grid->setHorizontalSpacing(8);
    grid->setVerticalSpacing(4);
    grid->setColumnStretch(1, 1);

    auto *name = new QLabel(card);
    name->setObjectName(QStringLiteral("gpuName"));
    QFont nameFont = name->font();
    nameFont.setBold(true);
    nameFont.setPointSizeF(nameFont.pointSizeF() * 1.15);
    name->setFont(nameFont);
    grid->addWidget(name, 0, 0, 1, 2);

    int row = 1;
    for (Task task : {Task::Training, Task::Inference}) {
        const QString title = taskName(task);
        auto *taskLabel = new QLabel(title, card);
        grid->addWidget(taskLabel, row, 0, Qt::AlignLeft | Qt::AlignVCenter);

        auto *badge = new VerdictBadge(QString(), card);
        badge->setObjectName(objectNameFor(task, "Badge"));
        grid->addWidget(badge, row, 1, Qt::AlignLeft | Qt::AlignVCenter);
        ++row;

        auto *reasonLabel = new WrappedLabel(card);
        reasonLabel->setObjectName(objectNameFor(task, "Reasons"));
        // A click on a reason shows the number behind it (reasonClicked); the hand says which can.
        reasonLabel->setMouseTracking(true);
        reasonLabel->installEventFilter(this);
        reasonLabel->setAccessibleName(tr("Reasons for the %1 verdict").arg(title.toLower()));
        grid->addWidget(reasonLabel, row, 0, 1, 2);
        ++row;
    }
    return card;
}

void VerdictPanel::fillCard(QWidget *card, const VerdictData &verdict)
{
    card->setAccessibleName(tr("Verdicts for %1").arg(verdict.gpuName));
    card->findChild<QLabel *>(QStringLiteral("gpuName"))->setText(verdict.gpuName);
    for (Task task : {Task::Training, Task::Inference}) {
        const auto [level, reasons, rows] = taskVerdict(verdict, task);
        auto *badge = card->findChild<VerdictBadge *>(objectNameFor(task, "Badge"));
        badge->setText(levelSymbol(level) + u' ' + levelText(level));
        badge->setAccessibleName(tr("%1: %2").arg(taskName(task), levelText(level)));
        badge->setColors(levelColor(level), levelTextColor(level));

        QStringList bullets;
        for (const QString &reason : reasons)
            bullets << QStringLiteral("\u2022 ") + reason;
        auto *reasonLabel = card->findChild<QLabel *>(objectNameFor(task, "Reasons"));
        reasonLabel->setText(bullets.join(u'\n'));
        reasonLabel->setVisible(!reasons.isEmpty());
    }
}

int VerdictPanel::cardCount() const
{
    return static_cast<int>(m_cardWidgets.size());
}

QLabel *VerdictPanel::findLabel(int card, const QString &objectName) const
{
    if (card < 0 || card >= m_cardWidgets.size())
        return nullptr;
    return m_cardWidgets.at(card)->findChild<QLabel *>(objectName);
}

QString VerdictPanel::badgeText(int card, Task task) const
{
    const QLabel *label = findLabel(card, objectNameFor(task, "Badge"));
    return label ? label->text() : QString();
}

QLabel *VerdictPanel::reasonLabel(int card, Task task) const
{
    return findLabel(card, objectNameFor(task, "Reasons"));
}

QStringList VerdictPanel::reasonTexts(int card, Task task) const
{
    const QLabel *label = findLabel(card, objectNameFor(task, "Reasons"));
    if (!label || label->text().isEmpty())
        return {};
    QStringList lines = label->text().split(u'\n');
    for (QString &line : lines)
        line.remove(0, 2); // the bullet
    return lines;
}

QString VerdictPanel::verdictsAsText() const
{
    QStringList lines;
    if (!m_recipes->text().isEmpty())
        lines << m_recipes->text();
    for (const VerdictData &verdict : m_verdicts) {
        lines << verdict.gpuName;
        for (Task task : {Task::Training, Task::Inference}) {
            const auto [level, reasons, rows] = taskVerdict(verdict, task);
            lines << QStringLiteral("  ") + tr("%1: %2").arg(taskName(task), levelText(level));
            for (const QString &reason : reasons)
                lines << QStringLiteral("    \u2022 ") + reason;
        }
    }
    return lines.join(u'\n');
}

QString VerdictPanel::reasonRowAt(const QObject *label, const QPoint &pos, int *card) const
{
    const auto *reasons = qobject_cast<const WrappedLabel *>(label);
    *card = reasons ? static_cast<int>(m_cardWidgets.indexOf(reasons->parentWidget())) : -1;
    if (*card < 0 || *card >= m_verdicts.size())
        return {};
    const Task task =
        reasons->objectName() == objectNameFor(Task::Training, "Reasons") ? Task::Training : Task::Inference;
    return taskVerdict(m_verdicts.at(*card), task).reasonRows.value(reasons->paragraphAt(pos));
}

bool VerdictPanel::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::MouseMove || event->type() == QEvent::MouseButtonRelease) {
        const auto *mouse = static_cast<QMouseEvent *>(event);
        int card = -1;
        const QString rowId = reasonRowAt(watched, mouse->position().toPoint(), &card);
        auto *label = static_cast<QWidget *>(watched);
        if (rowId.isEmpty())
            label->unsetCursor();
        else
            label->setCursor(Qt::PointingHandCursor);
        if (!rowId.isEmpty() && event->type() == QEvent::MouseButtonRelease &&
            mouse->button() == Qt::LeftButton)
            emit reasonClicked(card, rowId);
    }
    return QWidget::eventFilter(watched, event);
}

QString VerdictPanel::emptyText() const
{
    return m_empty->isVisibleTo(this) ? m_empty->text() : QString();
}
