#include "widgets/compare/MathPanel.h"

#include "widgets/common/ValueFormat.h"

#include <QApplication>
#include <QClipboard>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QTextBrowser>
#include <QToolButton>
#include <QVBoxLayout>

MathPanel::MathPanel(QWidget *parent)
    : QWidget(parent)
    , m_heading(new QLabel(this))
    , m_browser(new QTextBrowser(this))
    , m_copy(new QToolButton(this))
{
    setAccessibleName(tr("Show the math"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *top = new QHBoxLayout;
    QFont headingFont = m_heading->font();
    headingFont.setBold(true);
    m_heading->setFont(headingFont);
    m_heading->setWordWrap(true);
    m_heading->setAccessibleName(tr("Selected number"));
    top->addWidget(m_heading, 1);
    m_copy->setText(tr("Copy"));
    m_copy->setToolTip(tr("Copy the calculation as text"));
    m_copy->setAccessibleName(tr("Copy the calculation"));
    m_copy->setIcon(QIcon::fromTheme(QStringLiteral("edit-copy")));
    m_copy->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    top->addWidget(m_copy);
    layout->addLayout(top);

    m_browser->setAccessibleName(tr("Calculation terms"));
    m_browser->setOpenLinks(false);
    m_browser->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    layout->addWidget(m_browser, 1);

    connect(m_copy, &QToolButton::clicked, this, &MathPanel::copyToClipboard);
    render();
}

MathPanel::~MathPanel() = default;

void MathPanel::setMath(const QString &title, const QVector<MathTermView> &terms)
{
    m_title = title;
    m_terms = terms;
    render();
}

void MathPanel::clear()
{
    setMath({}, {});
}

QString MathPanel::toPlainText() const
{
    QStringList lines;
    if (!m_title.isEmpty())
        lines << m_title;
    for (const MathTermView &term : m_terms) {
        QStringList parts;
        if (!term.formula.isEmpty())
            parts << term.formula;
        if (!term.substituted.isEmpty() && term.substituted != term.formula)
            parts << term.substituted;
        if (term.value)
            parts << ValueFormat::withUnit(*term.value, term.unit);
        lines << (parts.isEmpty() ? term.name
                                  : tr("%1: %2").arg(term.name, parts.join(QStringLiteral(" = "))));
        if (!term.range.isEmpty())
            lines << tr("  80% range %1").arg(term.range);
    }
    return lines.join(u'\n');
}

QString MathPanel::displayedText() const
{
    return m_browser->toPlainText();
}

void MathPanel::copyToClipboard() const
{
    if (QClipboard *clipboard = QApplication::clipboard())
        clipboard->setText(toPlainText());
}

void MathPanel::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        render();
}

void MathPanel::render()
{
    m_heading->setText(m_title.isEmpty() ? tr("Select a number to see how it was calculated.") : m_title);
    m_copy->setEnabled(!m_terms.isEmpty());
    if (m_terms.isEmpty()) {
        m_browser->clear();
        return;
    }
    // Substituted values in the palette's placeholder colour: muted on a light and on a dark theme.
    const QString muted = m_browser->palette().color(QPalette::PlaceholderText).name();
    QString html = QStringLiteral("<table cellspacing='0' cellpadding='4' width='100%'>");
    for (const MathTermView &term : m_terms) {
        const QString value =
            term.value ? ValueFormat::withUnit(*term.value, term.unit).toHtmlEscaped() : QString();
        html += QStringLiteral("<tr><td colspan='2'><b>") + term.name.toHtmlEscaped() +
                QStringLiteral("</b></td><td align='right'><b>") + value + QStringLiteral("</b></td></tr>");
        if (!term.formula.isEmpty())
            html += QStringLiteral("<tr><td width='16'></td><td colspan='2'><tt>") +
                    term.formula.toHtmlEscaped() + QStringLiteral("</tt></td></tr>");
        if (!term.substituted.isEmpty() && term.substituted != term.formula)
            html += QStringLiteral("<tr><td width='16'></td><td colspan='2' style='color:") + muted +
                    QStringLiteral("'><tt>= ") + term.substituted.toHtmlEscaped() +
                    QStringLiteral("</tt></td></tr>");
        if (!term.range.isEmpty())
            html += QStringLiteral("<tr><td width='16'></td><td colspan='2' style='color:") + muted +
                    QStringLiteral("'>") + tr("80% range %1").arg(term.range).toHtmlEscaped() +
                    QStringLiteral("</td></tr>");
    }
    html += QStringLiteral("</table>");
    m_browser->setHtml(html);
}
