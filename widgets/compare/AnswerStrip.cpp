#include "widgets/compare/AnswerStrip.h"

#include <QEvent>
#include <QHash>
#include <QLabel>
#include <QVBoxLayout>

namespace {

const QString kScheme = QStringLiteral("gpu:");

// A rich-text line that lays its text out once per text, font and width: QLabel lays rich text out again
// for every heightForWidth(), and the strip's layout asks at several widths in each pass, on every
// recompute.
class AnswerLineLabel : public QLabel
{
public:
    using QLabel::QLabel;

    int heightForWidth(int width) const override
    {
        if (m_heightsText != text()) { // setText() sends no event
            m_heights.clear();
            m_heightsText = text();
        }
        if (const auto known = m_heights.constFind(width); known != m_heights.cend())
            return *known;
        const int height = QLabel::heightForWidth(width);
        m_heights.insert(width, height);
        return height;
    }

protected:
    void changeEvent(QEvent *event) override
    {
        if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange ||
            event->type() == QEvent::ContentsRectChange)
            m_heights.clear();
        QLabel::changeEvent(event);
    }

private:
    mutable QHash<int, int> m_heights;
    mutable QString m_heightsText;
};

} // namespace

AnswerStrip::AnswerStrip(QWidget *parent)
    : QFrame(parent)
    , m_layout(new QVBoxLayout(this))
{
    setObjectName(QStringLiteral("answerStrip"));
    setAccessibleName(tr("Answer"));
    setFrameShape(QFrame::StyledPanel);
    setBackgroundRole(QPalette::AlternateBase);
    setAutoFillBackground(true);
    m_layout->setContentsMargins(8, 4, 8, 4);
    m_layout->setSpacing(2);
    hide();
}

QString AnswerStrip::href(const AnswerPart &part)
{
    return part.isLink() ? kScheme + QString::number(part.column) + u':' + part.rowId : QString();
}

QString AnswerStrip::richText(const AnswerLine &line)
{
    QString body;
    for (const AnswerPart &part : line.parts) {
        const QString text = part.text.toHtmlEscaped();
        body += part.isLink() ? QStringLiteral("<a href=\"%1\">%2</a>").arg(href(part).toHtmlEscaped(), text)
                              : text;
    }
    return tr("<b>%1:</b> %2").arg(line.title.toHtmlEscaped(), body);
}

void AnswerStrip::setAnswers(const QVector<AnswerLine> &lines)
{
    m_lines = lines;
    // Labels are kept across recomputes: one given the text it already shows does no work.
    while (m_labels.size() > lines.size())
        delete m_labels.takeLast();
    while (m_labels.size() < lines.size()) {
        auto *label = new AnswerLineLabel(this);
        label->setObjectName(QStringLiteral("answerLine"));
        label->setTextFormat(Qt::RichText);
        label->setWordWrap(true);
        label->setTextInteractionFlags(Qt::LinksAccessibleByMouse | Qt::LinksAccessibleByKeyboard);
        connect(label, &QLabel::linkActivated, this, &AnswerStrip::activate);
        m_layout->addWidget(label);
        m_labels << label;
    }
    for (qsizetype i = 0; i < lines.size(); ++i) {
        m_labels[i]->setText(richText(lines[i]));
        m_labels[i]->setToolTip(lines[i].detail);
        m_labels[i]->setAccessibleName(lines[i].title);
        m_labels[i]->setAccessibleDescription(lines[i].text());
    }
    setVisible(!lines.isEmpty());
}

QLabel *AnswerStrip::lineLabel(int line) const
{
    return line >= 0 && line < m_labels.size() ? m_labels.at(line) : nullptr;
}

void AnswerStrip::activate(const QString &link)
{
    if (!link.startsWith(kScheme))
        return;
    bool ok = false;
    const int column = link.section(u':', 1, 1).toInt(&ok);
    if (ok)
        emit linkActivated(column, link.section(u':', 2));
}
