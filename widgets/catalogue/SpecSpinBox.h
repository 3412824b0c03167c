#pragma once

#include "db/GpuField.h"

#include <QDoubleSpinBox>

// The editor of a numeric spec: the column's unit as suffix, its range for the arrows, an empty box
// for "not given". Numbers are typed and shown in the user's locale ("9,75" in German is 9.75, never 975).
// Typed text is kept as typed, in range or not, so that the delegate can refuse an out-of-range value with
// the reason instead of silently clamping it.
class SpecSpinBox : public QDoubleSpinBox
{
    Q_OBJECT
public:
    SpecSpinBox(const GpuField &field, QWidget *parent = nullptr);

    // A double, a null QVariant when empty, or the text when it is not a number.
    QVariant fieldValue() const;
    void setFieldValue(const QVariant &value);
    void setText(const QString &text); // as if typed

protected:
    QValidator::State validate(QString &input, int &pos) const override;
    double valueFromText(const QString &text) const override;
    QString textFromValue(double value) const override;
    void fixup(QString &input) const override;
    void stepBy(int steps) override;

private:
    QString withoutSuffix(const QString &text) const;

    // The box shows "not given" (empty): QAbstractSpinBox interprets an empty text as a value when the
    // editor loses focus or takes Tab or Return, and would write it back as "0"; an empty text is read as
    // the minimum with this set, and the minimum is shown empty again while it is.
    mutable bool m_notGiven = false;
};
