#pragma once

#include "db/ModelSpec.h"

#include <QString>
#include <QStringList>
#include <QVector>

// A model preset as the matcher sees it: its id, display name and, where its config came from Hugging
// Face, the repository id ("meta-llama/Llama-3.1-8B").
struct ModelPresetName
{
    QString id;
    QString name;
    QString huggingFaceRepo;
};

struct ModelNameMatchResult
{
    QString presetId;       // empty when no preset matches for certain
    QStringList candidates; // close preset ids, for the message when nothing matches (or several do)

    bool matched() const { return !presetId.isEmpty(); }
};

// Matches a model name from a benchmark file ("meta-llama/Llama-3.1-8B-Instruct", "Qwen/Qwen3-30B-A3B-FP8",
// "models/Meta-Llama-3.1-8B-Instruct-Q4_K_M.gguf", llama-bench's "llama 8B Q4_K - Medium") to a preset.
// Conservative: a name matches only when, after dropping the organisation, the file extension and
// variant suffixes (-Instruct, -Chat, -FP8, -AWQ, -GPTQ, GGUF quant types, ...), its words equal those
// of exactly one preset's id, name or repository. So sizes must agree word for word: 8B never matches
// 70B, and "llama 8B" (no version) matches nothing but names Llama-3 8B and Llama-3.1 8B as candidates.
class ModelNameMatch
{
public:
    explicit ModelNameMatch(QVector<ModelPresetName> presets);

    // The presets of a catalogue; the repository comes from a huggingface.co source URL.
    static QVector<ModelPresetName> presetsFrom(const QVector<ModelSpec> &models);
    // "meta-llama/Llama-3.1-8B" from "https://huggingface.co/meta-llama/Llama-3.1-8B/blob/main/config.json".
    static QString huggingFaceRepo(const QString &sourceUrl);
    // The words a name is compared by: "Meta-Llama-3.1-8B-Instruct" -> "meta-llama-3-1-8b".
    static QString key(const QString &name);

    ModelNameMatchResult match(const QString &nameInFile) const;

private:
    struct Entry
    {
        QString id;
        QStringList keys;
    };
    QVector<Entry> m_entries;
};
