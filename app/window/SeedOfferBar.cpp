#include "app/window/SeedOfferBar.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

SeedOfferBar::SeedOfferBar(QWidget *parent)
    : QFrame(parent)
    , m_label(new QLabel(this))
{
    setObjectName(QStringLiteral("seedOfferBar"));
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::ToolTipBase); // the palette's "note" colour, readable in light and dark
                                              // themes
    m_label->setWordWrap(true);
    m_label->setForegroundRole(QPalette::ToolTipText);
    auto *review = new QPushButton(tr("Review…"), this);
    review->setObjectName(QStringLiteral("seedOfferReview"));
    auto *notNow = new QPushButton(tr("Not Now"), this);
    notNow->setObjectName(QStringLiteral("seedOfferNotNow"));
    notNow->setToolTip(tr("Hide this until GPU Compare starts again"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 4, 8, 4);
    layout->addWidget(m_label, 1);
    layout->addWidget(review);
    layout->addWidget(notNow);
    connect(review, &QPushButton::clicked, this, &SeedOfferBar::reviewRequested);
    connect(notNow, &QPushButton::clicked, this, [this] {
        hide();
        emit dismissed();
    });
}

void SeedOfferBar::setOffer(const QStringList &gpuNames, const QStringList &modelNames)
{
    constexpr int kNamesShown = 4;
    const QStringList all = gpuNames + modelNames;
    QString names = all.mid(0, kNamesShown).join(QStringLiteral(", "));
    if (all.size() > kNamesShown)
        names += tr(" and %1 more").arg(all.size() - kNamesShown);
    const auto gpus = [](qsizetype n) { return n == 1 ? tr("1 GPU") : tr("%1 GPUs").arg(n); };
    const auto models = [](qsizetype n) { return n == 1 ? tr("1 model") : tr("%1 models").arg(n); };
    const QString what = gpuNames.isEmpty() ? models(modelNames.size())
                         : modelNames.isEmpty()
                             ? gpus(gpuNames.size())
                             : tr("%1 and %2").arg(gpus(gpuNames.size()), models(modelNames.size()));
    m_label->setText(tr("This version of GPU Compare knows %1 your catalogue lacks: %2.")
                         .arg(what, names.toHtmlEscaped()));
}

QString SeedOfferBar::text() const
{
    return m_label->text();
}
