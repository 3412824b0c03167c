#include "app/analysis/Workload.h"

#include <array>

namespace {

constexpr std::array<std::pair<Task, const char16_t *>, 4> kTasks{{
    {Task::Inference, u"inference"},
    {Task::Training, u"training"},
    {Task::Lora, u"lora"},
    {Task::Qlora, u"qlora"},
}};

constexpr std::array<std::pair<Recompute, const char16_t *>, 3> kRecomputes{{
    {Recompute::None, u"none"},
    {Recompute::Selective, u"selective"},
    {Recompute::Full, u"full"},
}};

constexpr std::array<std::pair<Optimizer, const char16_t *>, 2> kOptimizers{{
    {Optimizer::Adam, u"adam"},
    {Optimizer::Adam8bit, u"adam8bit"},
}};

constexpr std::array<std::pair<MoeRouting, const char16_t *>, 2> kMoeRoutings{{
    {MoeRouting::Dropless, u"dropless"},
    {MoeRouting::Balanced, u"balanced"},
}};

constexpr std::array<std::pair<Fp8Recipe, const char16_t *>, 6> kFp8Recipes{{
    {Fp8Recipe::Auto, u"auto"},
    {Fp8Recipe::Tensorwise, u"tensorwise"},
    {Fp8Recipe::Delayed, u"delayed"},
    {Fp8Recipe::Mxfp8, u"mxfp8"},
    {Fp8Recipe::Blockwise, u"blockwise"},
    {Fp8Recipe::Nvfp4, u"nvfp4"},
}};

constexpr std::array<std::pair<SpeculativeMethod, const char16_t *>, 4> kSpeculativeMethods{{
    {SpeculativeMethod::None, u"none"},
    {SpeculativeMethod::Mtp, u"mtp"},
    {SpeculativeMethod::Eagle3, u"eagle3"},
    {SpeculativeMethod::Ngram, u"ngram"},
}};

template <typename Enum, std::size_t N>
QString nameOf(const std::array<std::pair<Enum, const char16_t *>, N> &table, Enum value)
{
    for (const auto &[entry, name] : table)
        if (entry == value)
            return QString::fromUtf16(name);
    return {};
}

template <typename Enum, std::size_t N>
std::optional<Enum> parseOf(const std::array<std::pair<Enum, const char16_t *>, N> &table,
                            const QString &text)
{
    const QString wanted = text.trimmed().toLower();
    for (const auto &[entry, name] : table)
        if (wanted == QString::fromUtf16(name))
            return entry;
    return std::nullopt;
}

template <typename Enum, std::size_t N>
QStringList namesOf(const std::array<std::pair<Enum, const char16_t *>, N> &table)
{
    QStringList names;
    for (const auto &entry : table)
        names << QString::fromUtf16(entry.second);
    return names;
}

} // namespace

namespace Tasks {
QString name(Task task)
{
    return nameOf(kTasks, task);
}
std::optional<Task> parse(const QString &text)
{
    return parseOf(kTasks, text);
}
QStringList allNames()
{
    return namesOf(kTasks);
}
} // namespace Tasks

namespace Recomputes {
QString name(Recompute recompute)
{
    return nameOf(kRecomputes, recompute);
}
std::optional<Recompute> parse(const QString &text)
{
    return parseOf(kRecomputes, text);
}
QStringList allNames()
{
    return namesOf(kRecomputes);
}
} // namespace Recomputes

namespace Optimizers {
QString name(Optimizer optimizer)
{
    return nameOf(kOptimizers, optimizer);
}
std::optional<Optimizer> parse(const QString &text)
{
    return parseOf(kOptimizers, text);
}
QStringList allNames()
{
    return namesOf(kOptimizers);
}
} // namespace Optimizers

namespace MoeRoutings {
QString name(MoeRouting routing)
{
    return nameOf(kMoeRoutings, routing);
}
std::optional<MoeRouting> parse(const QString &text)
{
    return parseOf(kMoeRoutings, text);
}
QStringList allNames()
{
    return namesOf(kMoeRoutings);
}
} // namespace MoeRoutings

namespace Fp8Recipes {
QString name(Fp8Recipe recipe)
{
    return nameOf(kFp8Recipes, recipe);
}
std::optional<Fp8Recipe> parse(const QString &text)
{
    // Megatron-Bridge's names for the same recipes (its performance scripts' --compute_dtype) are taken too.
    static constexpr std::array<std::pair<Fp8Recipe, const char16_t *>, 4> kBridgeNames{{
        {Fp8Recipe::Tensorwise, u"fp8_cs"},
        {Fp8Recipe::Delayed, u"fp8_ds"},
        {Fp8Recipe::Mxfp8, u"fp8_mx"},
        {Fp8Recipe::Blockwise, u"fp8_sc"},
    }};
    if (const auto recipe = parseOf(kFp8Recipes, text))
        return recipe;
    return parseOf(kBridgeNames, text);
}
QStringList allNames()
{
    return namesOf(kFp8Recipes);
}
} // namespace Fp8Recipes

namespace SpeculativeMethods {
QString name(SpeculativeMethod method)
{
    return nameOf(kSpeculativeMethods, method);
}
std::optional<SpeculativeMethod> parse(const QString &text)
{
    return parseOf(kSpeculativeMethods, text);
}
QStringList allNames()
{
    return namesOf(kSpeculativeMethods);
}
} // namespace SpeculativeMethods
