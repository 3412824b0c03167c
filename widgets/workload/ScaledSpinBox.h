#pragma once

#include "app/analysis/ScaledNumber.h"

#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QKeyEvent>
#include <QLineEdit>
#include <QSpinBox>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

// A QSpinBox or QDoubleSpinBox of the workload form that reads numbers as the command line does
// (ScaledNumber: "50M" = 50,000,000, "1.5B", "2T", "50k") and says why it refuses a text instead of quietly
// keeping the digits it understood (a plain spin box reads "50M" as 50). Text it cannot read, or a value out
// of its range, stays on screen with its reason (problem()) until it is fixed: leaving the field or pressing
// Enter does not put the last valid value back without a word. A template over the two Qt spin boxes so
// that callers keep their API (value(), setValue(), valueChanged); no signals of its own, so no Q_OBJECT:
// watch textEdit()'s textChanged for problem() to change.
template <typename Base> class ScaledSpinBox : public Base
{
public:
    using Value = std::conditional_t<std::is_same_v<Base, QSpinBox>, int, double>;

    explicit ScaledSpinBox(QWidget *parent = nullptr)
        : Base(parent)
    {}

    // "15B" instead of "15,000,000,000" (the training budget): large counts read at a glance.
    void setScaledDisplay(bool scaled) { m_scaled = scaled; }
    // A value shown as a word and read back from it, in any case: the batch's "max" (as many requests as
    // fit) at -1 beside its "recipe" at 0. Unlike specialValueText, any value of the range, and several.
    void setNamedValue(Value value, const QString &text)
    {
        for (auto &named : m_named)
            if (named.first == value) {
                named.second = text;
                this->lineEdit()->setText(textFromValue(this->value()));
                return;
            }
        m_named.push_back({value, text});
        this->lineEdit()->setText(textFromValue(this->value()));
    }
    // Why the text on screen is not the field's value; empty when it is.
    QString problem() const { return reading(this->lineEdit()->text()).problem; }
    QLineEdit *textEdit() const { return this->lineEdit(); }

protected:
    QValidator::State validate(QString &input, int &) const override
    {
        // Intermediate, not Invalid: the text stays as typed ("5e" on its way to "5e9") and problem() says
        // why it is not a value yet.
        return reading(input).problem.isEmpty() ? QValidator::Acceptable : QValidator::Intermediate;
    }

    Value valueFromText(const QString &text) const override
    {
        return reading(text).value.value_or(this->value());
    }

    QString textFromValue(Value value) const override
    {
        for (const auto &named : m_named)
            if (named.first == value)
                return named.second;
        return m_scaled ? ScaledNumber::format(value, this->locale()) : Base::textFromValue(value);
    }

    void focusOutEvent(QFocusEvent *event) override
    {
        if (problem().isEmpty()) {
            Base::focusOutEvent(event);
            return;
        }
        // QAbstractSpinBox would put the last value back here: keep the text and its reason instead.
        QCoreApplication::sendEvent(this->lineEdit(), event);
        this->QWidget::focusOutEvent(event);
    }

    void keyPressEvent(QKeyEvent *event) override
    {
        const bool enter = event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter;
        if (enter && !problem().isEmpty()) {
            event->ignore(); // the same: Enter keeps the refused text and its reason on screen
            return;
        }
        Base::keyPressEvent(event);
    }

private:
    struct Reading
    {
        std::optional<Value> value;
        QString problem;
    };

    Reading reading(const QString &shown) const
    {
        if (!this->specialValueText().isEmpty() && shown == this->specialValueText())
            return {this->minimum(), {}};
        for (const auto &named : m_named)
            if (shown.trimmed().compare(named.second, Qt::CaseInsensitive) == 0)
                return {named.first, {}};
        QStringView text(shown);
        if (text.startsWith(this->prefix()))
            text = text.mid(this->prefix().size());
        if (text.endsWith(this->suffix()))
            text.chop(this->suffix().size());
        QString problem;
        std::optional<Value> value;
        if constexpr (std::is_same_v<Value, int>) {
            if (const std::optional<qint64> whole = ScaledNumber::parseWhole(text, this->locale(), &problem))
                value = int(qBound<qint64>(this->minimum() - qint64(1), *whole, this->maximum() + qint64(1)));
        } else {
            value = ScaledNumber::parse(text, this->locale(), &problem);
        }
        if (!value)
            return {std::nullopt, problem};
        if (*value < this->minimum() || *value > this->maximum())
            return {std::nullopt, QCoreApplication::translate("ScaledSpinBox", "%1 is outside %2 to %3")
                                      .arg(text.trimmed().toString(), rangeEnd(this->minimum()),
                                           rangeEnd(this->maximum()))};
        return {value, {}};
    }

    QString rangeEnd(Value end) const
    {
        // The range in the form's own way of writing numbers: "1 to 1,000T" or "0 to 1,000,000".
        return m_scaled ? ScaledNumber::format(end, this->locale()) : Base::textFromValue(end);
    }

    bool m_scaled = false;
    std::vector<std::pair<Value, QString>> m_named;
};

using ScaledIntSpinBox = ScaledSpinBox<QSpinBox>;
using ScaledDoubleSpinBox = ScaledSpinBox<QDoubleSpinBox>;
