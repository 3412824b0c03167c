#pragma once

#include <QAccessibleWidget>

class QComboBox;

// Names a combo box by its label for screen readers. Qt's own interface gives a combo box on Linux its
// current item as its name ("bf16", "Inference") and leaves the label to the labelled-by relation, which
// the label's buddy sets; a screen reader that reads the name alone hears the value twice and never the
// purpose. This one keeps the role, value, children and the show-menu action, and takes its name from
// the accessible name (WorkloadForm sets it from the field's label), as Qt does on Windows and macOS.
class ComboBoxAccessible : public QAccessibleWidget
{
public:
    explicit ComboBoxAccessible(QComboBox *combo);

    // Combo boxes with this property set to true get this interface (once installed by enable()).
    static const char *const kNamedByLabel;
    // Installs the factory that gives marked combo boxes this interface; safe to call again.
    static void enable();
    static void markNamedByLabel(QComboBox *combo);

    int childCount() const override;
    QAccessibleInterface *child(int index) const override;
    int indexOfChild(const QAccessibleInterface *child) const override;
    QAccessibleInterface *focusChild() const override;
    QString text(QAccessible::Text t) const override;
    QStringList actionNames() const override;
    void doAction(const QString &actionName) override;
    QStringList keyBindingsForAction(const QString &actionName) const override;

private:
    QComboBox *comboBox() const;
};
