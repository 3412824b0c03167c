#include "db/ModelNameMatch.h"

#include "db/TextMatch.h"

#include <QRegularExpression>
#include <QSet>
#include <algorithm>
#include <limits>

namespace {

// Words that name a variant of the same weights, dropped from the end of a name.
bool isVariantWord(const QString &word)
{
    static const QSet<QString> kWords = {
        QStringLiteral("instruct"), QStringLiteral("chat"),      QStringLiteral("it"),
        QStringLiteral("hf"),       QStringLiteral("base"),      QStringLiteral("fp8"),
        QStringLiteral("fp16"),     QStringLiteral("bf16"),      QStringLiteral("f16"),
        QStringLiteral("f32"),      QStringLiteral("awq"),       QStringLiteral("gptq"),
        QStringLiteral("int4"),     QStringLiteral("int8"),      QStringLiteral("w4a16"),
        QStringLiteral("w8a8"),     QStringLiteral("w8a16"),     QStringLiteral("fp4"),
        QStringLiteral("nvfp4"),    QStringLiteral("mxfp4"),     QStringLiteral("dynamic"),
        QStringLiteral("gguf"),     QStringLiteral("quantized"), QStringLiteral("mlx"),
        QStringLiteral("4bit"),     QStringLiteral("8bit"),      QStringLiteral("exl2"),
        QStringLiteral("unsloth"),  QStringLiteral("bnb"),       QStringLiteral("mostly"),
    };
    // A quant type left whole ("q4_k_m"), or a release month ("2501": Mistral-Small-24B-Instruct-2501).
    static const QRegularExpression kQuantOrMonth(
        QStringLiteral("^(i?q\\d(_[a-z0-9]+)*|2\\d(0[1-9]|1[0-2]))$"));
    return kWords.contains(word) || kQuantOrMonth.match(word).hasMatch();
}

} // namespace

ModelNameMatch::ModelNameMatch(QVector<ModelPresetName> presets)
{
    for (const ModelPresetName &preset : presets) {
        Entry entry;
        entry.id = preset.id;
        for (const QString &name : {preset.id, preset.name, preset.huggingFaceRepo}) {
            const QString k = key(name);
            if (!k.isEmpty() && !entry.keys.contains(k))
                entry.keys << k;
        }
        m_entries.append(entry);
    }
}

QVector<ModelPresetName> ModelNameMatch::presetsFrom(const QVector<ModelSpec> &models)
{
    QVector<ModelPresetName> presets;
    for (const ModelSpec &model : models)
        presets.append({model.modelId, model.name, huggingFaceRepo(model.source)});
    return presets;
}

QString ModelNameMatch::huggingFaceRepo(const QString &sourceUrl)
{
    static const QRegularExpression kRepo(
        QStringLiteral("huggingface\\.co/([A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+)"));
    const QRegularExpressionMatch match = kRepo.match(sourceUrl);
    return match.hasMatch() ? match.captured(1) : QString();
}

QString ModelNameMatch::key(const QString &name)
{
    QString last = name.trimmed();
    // A path or repository id: its last part ("models/x.gguf", "meta-llama/Llama-3.1-8B").
    last = last.section(QLatin1Char('/'), -1).section(QLatin1Char('\\'), -1).toLower();
    if (last.endsWith(u".gguf"))
        last.chop(5);
    // llama.cpp writes "Q4_K - Medium" with spaces; quant types keep their underscores as one word.
    static const QRegularExpression kQuantType(
        QStringLiteral("\\b(i?q\\d(?:_[a-z0-9]+)*)(\\s*-\\s*(small|medium|large|xs|xxs|s|m|l)\\b)?"));
    last.replace(kQuantType, QStringLiteral(" "));
    // Release tags with a dot ("v0.1", "v0.3") name a revision, not a size; "v3" (DeepSeek-V3) stays.
    static const QRegularExpression kRevision(QStringLiteral("(^|[-_ ])v\\d+\\.\\d+\\b"));
    last.replace(kRevision, QStringLiteral(" "));
    static const QRegularExpression kSeparators(QStringLiteral("[^a-z0-9]+"));
    QStringList words = last.split(kSeparators, Qt::SkipEmptyParts);
    while (!words.isEmpty() && isVariantWord(words.last()))
        words.removeLast();
    return words.join(QLatin1Char('-'));
}

ModelNameMatchResult ModelNameMatch::match(const QString &nameInFile) const
{
    ModelNameMatchResult result;
    const QString wanted = key(nameInFile);
    if (wanted.isEmpty())
        return result;
    // "meta-llama-3-8b" for the repository "meta-llama/Meta-Llama-3-8B": a leading organisation word.
    QStringList forms = {wanted};
    if (wanted.startsWith(u"meta-"))
        forms << wanted.mid(5);
    QStringList exact;
    for (const Entry &entry : m_entries)
        for (const QString &form : forms)
            if (entry.keys.contains(form) && !exact.contains(entry.id))
                exact << entry.id;
    if (exact.size() == 1) {
        result.presetId = exact.first();
        return result;
    }
    if (exact.size() > 1) {
        result.candidates = exact;
        return result;
    }

    // Close candidates: presets sharing the size word ("8b") and the first word, else the nearest keys.
    static const QRegularExpression kSize(QStringLiteral("^\\d+(\\.\\d+)?[bmk]$|^\\d+x\\d+b$"));
    const QStringList wantedWords = wanted.split(QLatin1Char('-'));
    QStringList sizes;
    for (const QString &word : wantedWords)
        if (kSize.match(word).hasMatch())
            sizes << word;
    struct Scored
    {
        QString id;
        int score;
    };
    QVector<Scored> scored;
    for (const Entry &entry : m_entries) {
        int best = std::numeric_limits<int>::max();
        bool sameSize = false;
        bool sameFamily = false;
        for (const QString &k : entry.keys) {
            best = std::min(best, TextMatch::editDistance(k, wanted));
            const QStringList words = k.split(QLatin1Char('-'));
            for (const QString &size : sizes)
                sameSize = sameSize || words.contains(size);
            const QString family = wantedWords.first().left(4);
            sameFamily = sameFamily || words.first().startsWith(family);
        }
        if (sameSize && sameFamily)
            scored.append({entry.id, 0});
        else if (best <= std::max(2, int(wanted.size()) / 4))
            scored.append({entry.id, best});
    }
    std::stable_sort(scored.begin(), scored.end(),
                     [](const Scored &a, const Scored &b) { return a.score < b.score; });
    for (const Scored &s : scored)
        if (result.candidates.size() < 5)
            result.candidates << s.id;
    return result;
}
