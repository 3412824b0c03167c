#pragma once

#include "app/analysis/MathTerm.h"

#include <QString>
#include <algorithm>
#include <cmath>
#include <type_traits>

// A number with its explanation: the value, the formula in symbols ("params x bits per weight / 8") and
// the same formula with the numbers put in ("8.03026e9 x 16 / 8"), parenthesised by precedence.
//
// Each formula of the estimator is written once, as a function template over the number type: with
// double on the fast path (EstimateOptions::buildMath = false: no strings at all) and with MathExpr when
// the math is shown. A term's value is its expression's value, computed by the same operations in the same
// order as the double instantiation, so the two paths give identical numbers and the explanation cannot
// drift from the value. The helpers in namespace Math below take either type.
class MathExpr
{
public:
    MathExpr(double constant); // implicit: a literal of a formula ("2", "1e9") reads the same for both types
    static MathExpr symbol(const QString &name, double value);

    double value() const { return m_value; }
    const QString &formula() const { return m_formula; }
    const QString &substituted() const { return m_substituted; }
    // This result as one symbol of a later formula: its name there, its value put in.
    MathExpr named(const QString &name) const;

    friend MathExpr operator+(const MathExpr &a, const MathExpr &b);
    friend MathExpr operator-(const MathExpr &a, const MathExpr &b);
    friend MathExpr operator*(const MathExpr &a, const MathExpr &b);
    friend MathExpr operator/(const MathExpr &a, const MathExpr &b);
    // "max(a, b)", "ceil(a)": `value` is what the function gave for the operands' values.
    static MathExpr call(const QString &function, const MathExpr &a, double value);
    static MathExpr call(const QString &function, const MathExpr &a, const MathExpr &b, double value);

private:
    enum class Level : unsigned char
    {
        Sum,     // a + b, a - b
        Product, // a x b, a / b
        Atom     // a number, a symbol, a function call
    };
    MathExpr(double value, QString formula, QString substituted, Level level);
    static MathExpr binary(const MathExpr &a, char16_t op, const MathExpr &b, double value);

    double m_value = 0.0;
    QString m_formula;
    QString m_substituted;
    Level m_level = Level::Atom;
};

namespace Math {

// An input of a formula: its value on the fast path, a symbol when the math is built. Mark words with
// QT_TRANSLATE_NOOP("MathExpr", ...) (translated when the symbol is made); notation ("tp", "L") is not.
template <typename T> T input(const char *name, double value);
template <> inline double input<double>(const char *, double value)
{
    return value;
}
template <> MathExpr input<MathExpr>(const char *name, double value);

// The same with a name built only when the math is: `name` is a callable returning QString.
template <typename T, typename Name> T inputNamed(const Name &name, double value)
{
    if constexpr (std::is_same_v<T, double>)
        return value;
    else
        return MathExpr::symbol(name(), value);
}

// A result used again in a later formula, shown there by name (translated in the "MathExpr" context) or
// by the name of the term that explains it.
inline double named(double x, const char *)
{
    return x;
}
MathExpr named(const MathExpr &x, const char *name);
inline double named(double x, MathTermId)
{
    return x;
}
MathExpr named(const MathExpr &x, MathTermId id);

// Adds the term to the log when the math is built; nothing on the fast path.
inline void record(MathLog *, MathTermId, double) {}
inline void record(MathLog *log, MathTermId id, const MathExpr &x)
{
    if (log)
        log->add(id, x);
}

// Runs a formula written once as a generic lambda, [&]<typename T>() { ... }: as double, or as MathExpr
// added to the log as the term `id` when there is a log. Returns the value either way.
template <typename Formula> double evaluate(MathLog *log, MathTermId id, const Formula &formula)
{
    if (!log)
        return formula.template operator()<double>();
    const MathExpr expression = formula.template operator()<MathExpr>();
    log->add(id, expression);
    return expression.value();
}

inline double value(double x)
{
    return x;
}
inline double value(const MathExpr &x)
{
    return x.value();
}

// Same results as the std functions (std::max(a, b) is a unless a < b).
inline double max(double a, double b)
{
    return std::max(a, b);
}
inline double min(double a, double b)
{
    return std::min(a, b);
}
inline double ceil(double a)
{
    return std::ceil(a);
}
inline double floor(double a)
{
    return std::floor(a);
}
inline double pow(double a, double b)
{
    return std::pow(a, b);
}
MathExpr max(const MathExpr &a, const MathExpr &b);
MathExpr min(const MathExpr &a, const MathExpr &b);
MathExpr ceil(const MathExpr &a);
MathExpr floor(const MathExpr &a);
MathExpr pow(const MathExpr &a, const MathExpr &b);

} // namespace Math
