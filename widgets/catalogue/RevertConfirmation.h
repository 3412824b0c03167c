#pragma once

class QWidget;

// Revert throws away every unsaved catalogue edit: it asks first, with the number of changes.
namespace RevertConfirmation {

// True when the user chose to discard the changes.
bool ask(QWidget *parent, int changes);

} // namespace RevertConfirmation
