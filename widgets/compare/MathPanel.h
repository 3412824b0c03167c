#pragma once

#include "widgets/compare/MathTermView.h"

#include <QVector>
#include <QWidget>

class QLabel;
class QTextBrowser;
class QToolButton;

// "Show the math": the terms behind the selected number, each with its formula, the formula with the values
// substituted, and the result with its unit. The text is selectable, and Copy puts it on the clipboard.
class MathPanel : public QWidget
{
    Q_OBJECT
public:
    explicit MathPanel(QWidget *parent = nullptr);
    ~MathPanel() override;

    void setMath(const QString &title, const QVector<MathTermView> &terms);
    void clear();

    QString title() const { return m_title; }
    const QVector<MathTermView> &terms() const { return m_terms; }

    // The panel's content as plain text, one line per term: "name: formula = substituted = value unit".
    QString toPlainText() const;
    // What the view shows (its document's text).
    QString displayedText() const;

public slots:
    void copyToClipboard() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void render();

    QString m_title;
    QVector<MathTermView> m_terms;
    QLabel *m_heading;
    QTextBrowser *m_browser;
    QToolButton *m_copy;
};
