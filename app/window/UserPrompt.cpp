#include "app/window/UserPrompt.h"

#include <QAbstractButton>

QMessageBox::StandardButton UserPrompt::show(const Message &message) const
{
    if (m_handler)
        return m_handler(message);
    QMessageBox box(message.icon, message.title, message.text, message.buttons, m_parent);
    box.setInformativeText(message.informativeText);
    box.setDetailedText(message.detailedText);
    for (auto it = message.buttonTexts.cbegin(); it != message.buttonTexts.cend(); ++it)
        if (QAbstractButton *button = box.button(it.key()))
            button->setText(it.value());
    if (message.defaultButton != QMessageBox::NoButton)
        box.setDefaultButton(message.defaultButton);
    return static_cast<QMessageBox::StandardButton>(box.exec());
}
