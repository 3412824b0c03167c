#pragma once

#include "db/GpuField.h"

#include <QDoubleSpinBox>

// The editor of a numeric spec: the column's unit as suffix, its range for the arrows, an empty box
// for "not given". Typed text is kept as typed, in range or not, so that the delegate can refuse an
// out-of-range value with the reason instead of silently clamping it.
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

private:
    QString withoutSuffix(const QString &text) const;
};
