#include "app/analysis/MathExpr.h"

#include <QCoreApplication>

MathExpr::MathExpr(double constant)
    : m_value(constant)
    , m_formula(MathLog::number(constant))
    , m_substituted(m_formula)
{}

MathExpr::MathExpr(double value, QString formula, QString substituted, Level level)
    : m_value(value)
    , m_formula(std::move(formula))
    , m_substituted(std::move(substituted))
    , m_level(level)
{}

MathExpr MathExpr::symbol(const QString &name, double value)
{
    return MathExpr(value, name, MathLog::number(value), Level::Atom);
}

MathExpr MathExpr::named(const QString &name) const
{
    return symbol(name, m_value);
}

MathExpr MathExpr::binary(const MathExpr &a, char16_t op, const MathExpr &b, double value)
{
    const Level level = op == u'+' || op == u'-' ? Level::Sum : Level::Product;
    // Left to right, as the code computes: a - (b + c) and a / (b x c) keep their parentheses,
    // a x b / c and a + b - c need none.
    const bool left = a.m_level < level;
    const bool right = b.m_level < level || (b.m_level == level && (op == u'-' || op == u'/'));
    const auto wrap = [](const QString &text, bool parentheses) -> QString {
        if (!parentheses)
            return text;
        return u'(' + text + u')';
    };
    QString separator;
    switch (op) {
    case u'+':
        separator = QStringLiteral(" + ");
        break;
    case u'-':
        separator = QStringLiteral(" - ");
        break;
    case u'*':
        separator = QStringLiteral(" x ");
        break;
    default:
        separator = QStringLiteral(" / ");
        break;
    }
    return MathExpr(value, wrap(a.m_formula, left) + separator + wrap(b.m_formula, right),
                    wrap(a.m_substituted, left) + separator + wrap(b.m_substituted, right), level);
}

MathExpr operator+(const MathExpr &a, const MathExpr &b)
{
    return MathExpr::binary(a, u'+', b, a.m_value + b.m_value);
}

MathExpr operator-(const MathExpr &a, const MathExpr &b)
{
    return MathExpr::binary(a, u'-', b, a.m_value - b.m_value);
}

MathExpr operator*(const MathExpr &a, const MathExpr &b)
{
    return MathExpr::binary(a, u'*', b, a.m_value * b.m_value);
}

MathExpr operator/(const MathExpr &a, const MathExpr &b)
{
    return MathExpr::binary(a, u'/', b, a.m_value / b.m_value);
}

MathExpr MathExpr::call(const QString &function, const MathExpr &a, double value)
{
    return MathExpr(value, function + u'(' + a.m_formula + u')', function + u'(' + a.m_substituted + u')',
                    Level::Atom);
}

MathExpr MathExpr::call(const QString &function, const MathExpr &a, const MathExpr &b, double value)
{
    return MathExpr(value, function + u'(' + a.m_formula + QStringLiteral(", ") + b.m_formula + u')',
                    function + u'(' + a.m_substituted + QStringLiteral(", ") + b.m_substituted + u')',
                    Level::Atom);
}

namespace Math {

template <> MathExpr input<MathExpr>(const char *name, double value)
{
    return MathExpr::symbol(QCoreApplication::translate("MathExpr", name), value);
}

MathExpr named(const MathExpr &x, const char *name)
{
    return x.named(QCoreApplication::translate("MathExpr", name));
}

MathExpr named(const MathExpr &x, MathTermId id)
{
    return x.named(MathTerms::displayName(id));
}

MathExpr max(const MathExpr &a, const MathExpr &b)
{
    return MathExpr::call(QStringLiteral("max"), a, b, max(a.value(), b.value()));
}

MathExpr min(const MathExpr &a, const MathExpr &b)
{
    return MathExpr::call(QStringLiteral("min"), a, b, min(a.value(), b.value()));
}

MathExpr ceil(const MathExpr &a)
{
    return MathExpr::call(QStringLiteral("ceil"), a, ceil(a.value()));
}

MathExpr floor(const MathExpr &a)
{
    return MathExpr::call(QStringLiteral("floor"), a, floor(a.value()));
}

MathExpr pow(const MathExpr &a, const MathExpr &b)
{
    return MathExpr::call(QStringLiteral("pow"), a, b, pow(a.value(), b.value()));
}

} // namespace Math
