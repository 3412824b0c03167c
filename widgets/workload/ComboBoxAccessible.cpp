#include "widgets/workload/ComboBoxAccessible.h"

#include <QAbstractItemView>
#include <QComboBox>
#include <QKeySequence>
#include <QLineEdit>

const char *const ComboBoxAccessible::kNamedByLabel = "gpucompareNamedByLabel";

namespace {

QAccessibleInterface *factory(const QString &className, QObject *object)
{
    if (className != QLatin1String("QComboBox") || !object ||
        !object->property(ComboBoxAccessible::kNamedByLabel).toBool())
        return nullptr;
    auto *combo = qobject_cast<QComboBox *>(object);
    return combo ? new ComboBoxAccessible(combo) : nullptr;
}

} // namespace

ComboBoxAccessible::ComboBoxAccessible(QComboBox *combo)
    : QAccessibleWidget(combo, QAccessible::ComboBox)
{}

void ComboBoxAccessible::enable()
{
    static const bool installed = [] {
        QAccessible::installFactory(factory);
        return true;
    }();
    Q_UNUSED(installed);
}

void ComboBoxAccessible::markNamedByLabel(QComboBox *combo)
{
    enable();
    combo->setProperty(kNamedByLabel, true);
}

QComboBox *ComboBoxAccessible::comboBox() const
{
    return static_cast<QComboBox *>(widget());
}

int ComboBoxAccessible::childCount() const
{
    return comboBox()->isEditable() ? 2 : 1;
}

QAccessibleInterface *ComboBoxAccessible::child(int index) const
{
    if (index == 0)
        return QAccessible::queryAccessibleInterface(comboBox()->view());
    if (index == 1 && comboBox()->isEditable())
        return QAccessible::queryAccessibleInterface(comboBox()->lineEdit());
    return nullptr;
}

int ComboBoxAccessible::indexOfChild(const QAccessibleInterface *child) const
{
    if (!child)
        return -1;
    if (child->object() == comboBox()->view())
        return 0;
    if (comboBox()->isEditable() && child->object() == comboBox()->lineEdit())
        return 1;
    return -1;
}

QAccessibleInterface *ComboBoxAccessible::focusChild() const
{
    // An editable combo box is its line edit's focus proxy: the line edit is the focus child.
    return comboBox()->isEditable() ? child(1) : nullptr;
}

QString ComboBoxAccessible::text(QAccessible::Text t) const
{
    QComboBox *combo = comboBox();
    switch (t) {
    case QAccessible::Name:
        if (!combo->accessibleName().isEmpty())
            return combo->accessibleName();
        break;
    case QAccessible::Value:
        return combo->isEditable() ? combo->lineEdit()->text() : combo->currentText();
    case QAccessible::Accelerator:
        return QKeySequence(Qt::Key_Down).toString(QKeySequence::NativeText);
    default:
        break;
    }
    return QAccessibleWidget::text(t);
}

QStringList ComboBoxAccessible::actionNames() const
{
    return {showMenuAction()};
}

void ComboBoxAccessible::doAction(const QString &actionName)
{
    if (actionName != showMenuAction() && actionName != pressAction())
        return;
    if (comboBox()->view()->isVisible())
        comboBox()->hidePopup();
    else
        comboBox()->showPopup();
}

QStringList ComboBoxAccessible::keyBindingsForAction(const QString &) const
{
    return {};
}
