#include "widgets/catalogue/GpuSourcesLabel.h"

#include "db/GpuSpec.h"

#include <QRegularExpression>

namespace {

QString linked(const QString &sources)
{
    static const QRegularExpression url(QStringLiteral("https?://[^\\s;,)\"]+"));
    QString html = sources.toHtmlEscaped();
    QStringList links;
    for (auto it = url.globalMatch(sources); it.hasNext();)
        links << it.next().captured();
    links.removeDuplicates();
    for (const QString &link : std::as_const(links))
        html.replace(link.toHtmlEscaped(),
                     QStringLiteral("<a href=\"%1\">%2</a>").arg(link.toHtmlEscaped(), link.toHtmlEscaped()));
    return html;
}

} // namespace

GpuSourcesLabel::GpuSourcesLabel(QWidget *parent)
    : QLabel(parent)
{
    setObjectName(QStringLiteral("catalogueSources"));
    setWordWrap(true);
    setOpenExternalLinks(true);
    setTextInteractionFlags(Qt::TextBrowserInteraction);
}

void GpuSourcesLabel::showSourcesOf(const GpuSpec *gpu)
{
    if (!gpu) {
        clear();
        return;
    }
    setText(tr("<b>Sources of %1:</b> %2")
                .arg(gpu->displayName().toHtmlEscaped(),
                     gpu->sources.isEmpty() ? tr("none given") : linked(gpu->sources)));
}
