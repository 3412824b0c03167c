#include "widgets/catalogue/RevertConfirmation.h"

#include <QCoreApplication>
#include <QMessageBox>

bool RevertConfirmation::ask(QWidget *parent, int changes)
{
    QMessageBox box(
        QMessageBox::Question, QCoreApplication::translate("RevertConfirmation", "Revert"),
        QCoreApplication::translate("RevertConfirmation", "Discard %n unsaved change(s)?", nullptr, changes),
        QMessageBox::Discard | QMessageBox::Cancel, parent);
    box.setObjectName(QStringLiteral("revertConfirmation"));
    box.setInformativeText(
        QCoreApplication::translate("RevertConfirmation", "Undo brings them back until you save."));
    box.setDefaultButton(QMessageBox::Cancel);
    return box.exec() == QMessageBox::Discard;
}
