#pragma once

#include <QHash>
#include <QMessageBox>
#include <QString>
#include <functional>

class QWidget;

// How the window's controllers tell the user something or ask a question: a message box over the window by
// default. A test or a headless run (--screenshot) replaces it with a handler that records the message and
// answers, so no modal dialog waits for a click that never comes.
class UserPrompt
{
public:
    struct Message
    {
        QMessageBox::Icon icon = QMessageBox::Information;
        QString title;
        QString text;            // what happened, naming the file
        QString informativeText; // why, or what it means
        QString detailedText;    // a long list, behind "Show Details…"
        QMessageBox::StandardButtons buttons = QMessageBox::Ok;
        QMessageBox::StandardButton defaultButton = QMessageBox::NoButton;
        QHash<QMessageBox::StandardButton, QString> buttonTexts; // a button's own words ("Open Another…")
    };
    using Handler = std::function<QMessageBox::StandardButton(const Message &)>;

    explicit UserPrompt(QWidget *parent)
        : m_parent(parent)
    {}

    // The button the user chose (Ok for a message with only that one).
    QMessageBox::StandardButton show(const Message &message) const;
    void setHandler(Handler handler) { m_handler = std::move(handler); }

private:
    QWidget *m_parent;
    Handler m_handler;
};
