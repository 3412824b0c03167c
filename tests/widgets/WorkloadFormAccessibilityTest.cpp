// What a screen reader hears for each control of the workload form: its label, then its value.
#include "widgets/workload/WorkloadForm.h"

#include <QAbstractSpinBox>
#include <QAccessible>
#include <QComboBox>
#include <QLabel>
#include <gtest/gtest.h>

namespace {

void fillChoices(WorkloadForm &form)
{
    form.setModelChoices({{QStringLiteral("llama-3-8b"), QStringLiteral("Llama-3 8B")}});
    form.setProfileChoices({{QStringLiteral("vllm"), QStringLiteral("vLLM")}});
    form.setPrecisionChoices({QStringLiteral("bf16"), QStringLiteral("fp8")},
                             {QStringLiteral("bf16"), QStringLiteral("fp8")});
}

// The label whose buddy the editor is (the label the form shows above it).
const QLabel *labelOf(const WorkloadForm &form, const QWidget *editor)
{
    for (const QLabel *label : form.findChildren<QLabel *>())
        if (label->buddy() == editor)
            return label;
    return nullptr;
}

} // namespace

// Qt names a combo box by its current item on Linux ("bf16", "Inference"); a screen reader must hear what
// the control is for. Every combo box and spin box is named by its label and related to it.
TEST(WorkloadFormAccessibility, EveryControlIsNamedByItsLabelNotItsValue)
{
    WorkloadForm form;
    fillChoices(form);
    form.show();
    QList<QWidget *> controls;
    for (QComboBox *combo : form.findChildren<QComboBox *>())
        controls << combo;
    for (QAbstractSpinBox *spin : form.findChildren<QAbstractSpinBox *>())
        controls << spin;
    ASSERT_GE(controls.size(), 15);
    int combos = 0;
    for (QWidget *control : std::as_const(controls)) {
        const QLabel *label = labelOf(form, control);
        ASSERT_TRUE(label) << control->objectName().toStdString() << " has no label";
        const QString caption = QString(label->text()).remove(u'&');
        QAccessibleInterface *accessible = QAccessible::queryAccessibleInterface(control);
        ASSERT_TRUE(accessible) << control->objectName().toStdString();
        EXPECT_EQ(accessible->text(QAccessible::Name).toStdString(), caption.toStdString())
            << control->objectName().toStdString();
        // The label is also related to it, for screen readers that follow relations.
        bool related = false;
        for (const auto &[other, relation] : accessible->relations(QAccessible::Label))
            related = related || other->object() == label;
        EXPECT_TRUE(related) << control->objectName().toStdString();
        if (auto *combo = qobject_cast<QComboBox *>(control)) {
            ++combos;
            EXPECT_EQ(accessible->role(), QAccessible::ComboBox);
            EXPECT_EQ(accessible->text(QAccessible::Value).toStdString(), combo->currentText().toStdString())
                << control->objectName().toStdString();
            EXPECT_GE(accessible->childCount(), 1); // the list of choices
        }
    }
    EXPECT_GE(combos, 6);
}

// The name stays the label when the choice changes; the value follows the choice.
TEST(WorkloadFormAccessibility, TheValueIsTheCurrentChoice)
{
    WorkloadForm form;
    fillChoices(form);
    auto *task = form.findChild<QComboBox *>(QStringLiteral("task"));
    ASSERT_TRUE(task);
    task->setCurrentIndex(1);
    QAccessibleInterface *accessible = QAccessible::queryAccessibleInterface(task);
    EXPECT_EQ(accessible->text(QAccessible::Name).toStdString(), "Task");
    EXPECT_EQ(accessible->text(QAccessible::Value).toStdString(), task->currentText().toStdString());
    EXPECT_NE(accessible->text(QAccessible::Name), task->currentText());
}
