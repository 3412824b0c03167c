#include "widgets/catalogue/SpecSpinBox.h"

#include <QLineEdit>
#include <QLocale>

SpecSpinBox::SpecSpinBox(const GpuField &field, QWidget *parent)
    : QDoubleSpinBox(parent)
{
    setObjectName(QStringLiteral("specSpinBox"));
    setDecimals(field.type == GpuField::Type::Integer ? 0 : 6);
    // Compute figures may be exactly 0 (the GPU has no such unit), below their plausible range.
    setRange(field.zeroAllowed ? 0.0 : field.minimum, field.maximum);
    setSingleStep(field.type == GpuField::Type::Integer ? 1.0 : 0.1);
    if (!field.unitText().isEmpty())
        setSuffix(u' ' + field.unitText());
    setKeyboardTracking(false);
    setAccelerated(true);
    setToolTip(
        tr("%1 to %2%3; leave empty when the datasheet gives no value")
            .arg(locale().toString(minimum(), 'g', 12), locale().toString(field.maximum, 'g', 12), suffix()));
}

QString SpecSpinBox::withoutSuffix(const QString &text) const
{
    QString clean = text;
    if (!suffix().isEmpty() && clean.endsWith(suffix()))
        clean.chop(suffix().size());
    return clean.trimmed();
}

QVariant SpecSpinBox::fieldValue() const
{
    const QString text = withoutSuffix(lineEdit()->text());
    if (text.isEmpty())
        return {};
    bool ok = false;
    const double number = locale().toDouble(text, &ok); // the user's decimal point: "9,75" in German
    return ok ? QVariant(number) : QVariant(text);
}

void SpecSpinBox::setFieldValue(const QVariant &value)
{
    if (value.isNull()) {
        m_notGiven = true;
        setValue(minimum());
        lineEdit()->clear();
        return;
    }
    m_notGiven = false;
    setValue(value.toDouble());
    // setValue clamps; show the stored value as it is even when a file put it outside the range.
    lineEdit()->setText(textFromValue(value.toDouble()) + suffix());
}

QValidator::State SpecSpinBox::validate(QString &input, int &) const
{
    const QString text = withoutSuffix(input);
    m_notGiven = text.isEmpty();
    if (text.isEmpty())
        return QValidator::Acceptable; // not given
    bool ok = false;
    locale().toDouble(text, &ok);
    if (ok)
        return QValidator::Acceptable; // out of range is for the delegate to refuse, with the reason
    const QString partial = QStringLiteral("-+eE") + locale().decimalPoint() + locale().groupSeparator() +
                            locale().negativeSign() + locale().positiveSign() + locale().exponential();
    for (QChar c : text)
        if (!c.isDigit() && !partial.contains(c))
            return QValidator::Invalid;
    return QValidator::Intermediate;
}

double SpecSpinBox::valueFromText(const QString &text) const
{
    const QString clean = withoutSuffix(text);
    m_notGiven = clean.isEmpty();
    return m_notGiven ? minimum() : locale().toDouble(clean);
}

QString SpecSpinBox::textFromValue(double value) const
{
    if (m_notGiven && value == minimum())
        return {};
    QLocale shown = locale();
    shown.setNumberOptions(shown.numberOptions() | QLocale::OmitGroupSeparator);
    return shown.toString(value, 'g', QLocale::FloatingPointShortest);
}

void SpecSpinBox::stepBy(int steps)
{
    m_notGiven = false; // an arrow from "not given" starts at the minimum
    QDoubleSpinBox::stepBy(steps);
}

void SpecSpinBox::fixup(QString &) const {}

void SpecSpinBox::setText(const QString &text)
{
    lineEdit()->setText(text);
}
