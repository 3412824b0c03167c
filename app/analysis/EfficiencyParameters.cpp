#include "app/analysis/EfficiencyParameters.h"

#include "app/analysis/GpuCapabilities.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <algorithm>
#include <cmath>

double PropertyTable::value(QStringView architecture, QStringView memoryClass, QStringView modelKind) const
{
    if (m_overrides.isEmpty())
        return m_default;
    for (const QStringView key : {architecture, memoryClass, modelKind}) {
        if (key.isEmpty())
            continue;
        for (const auto &[name, value] : m_overrides)
            if (key.size() == name.size() && key.compare(name, Qt::CaseInsensitive) == 0)
                return value;
    }
    return m_default;
}

QString PropertyTable::keyFor(QStringView architecture, QStringView memoryClass, QStringView modelKind) const
{
    for (const QStringView key : {architecture, memoryClass, modelKind}) {
        if (key.isEmpty())
            continue;
        for (const auto &entry : m_overrides)
            if (key.size() == entry.first.size() && key.compare(entry.first, Qt::CaseInsensitive) == 0)
                return entry.first;
    }
    return QStringLiteral("default");
}

void PropertyTable::set(const QString &key, double value)
{
    if (key == QLatin1String("default")) {
        m_default = value;
        return;
    }
    for (auto &entry : m_overrides)
        if (entry.first == key) {
            entry.second = value;
            return;
        }
    m_overrides.append({key, value});
}

QJsonValue PropertyTable::toJson() const
{
    QJsonObject object;
    object.insert(QStringLiteral("default"), m_default);
    for (const auto &[name, value] : m_overrides)
        object.insert(name, value);
    return object;
}

std::optional<PropertyTable> PropertyTable::fromJson(const QJsonValue &value, QString *error)
{
    const auto valid = [](double number) { return std::isfinite(number) && number >= 0.0 && number < 1e7; };
    if (value.isDouble()) {
        if (!valid(value.toDouble())) {
            *error = QStringLiteral("expected a finite number >= 0");
            return std::nullopt;
        }
        return PropertyTable(value.toDouble());
    }
    if (!value.isObject()) {
        *error = QStringLiteral("expected a number or an object of numbers");
        return std::nullopt;
    }
    PropertyTable table;
    const QJsonObject object = value.toObject();
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (!it.value().isDouble() || !valid(it.value().toDouble())) {
            *error = QStringLiteral("%1: expected a finite number >= 0").arg(it.key());
            return std::nullopt;
        }
        table.set(it.key(), it.value().toDouble());
    }
    return table;
}

namespace {

struct TableField
{
    const char *key;
    PropertyTable EfficiencyParameters::*member;
};

const TableField kTables[] = {
    {"memory_efficiency", &EfficiencyParameters::memoryEfficiency},
    {"compute_efficiency", &EfficiencyParameters::computeEfficiency},
    {"attention_efficiency", &EfficiencyParameters::attentionEfficiency},
    {"layer_overhead_us", &EfficiencyParameters::layerOverheadUs},
    {"graph_layer_overhead_us", &EfficiencyParameters::graphLayerOverheadUs},
    {"moe_layer_overhead_us", &EfficiencyParameters::moeLayerOverheadUs},
    {"expert_tokens_half", &EfficiencyParameters::expertTokensHalf},
    {"expert_width_half", &EfficiencyParameters::expertWidthHalf},
    {"quantized_compute_factor", &EfficiencyParameters::quantizedComputeFactor},
    {"training_bytes_per_flop", &EfficiencyParameters::trainingBytesPerFlop},
    {"communication_efficiency", &EfficiencyParameters::communicationEfficiency},
    {"step_overhead_us", &EfficiencyParameters::stepOverheadUs},
    {"sequence_overhead_us", &EfficiencyParameters::sequenceOverheadUs},
    {"kv_read_efficiency", &EfficiencyParameters::kvReadEfficiency},
    {"request_overhead_ms", &EfficiencyParameters::requestOverheadMs},
    {"overhead_clock_mhz_reference", &EfficiencyParameters::overheadClockMhzReference},
    {"memory_bytes_per_sm_clock", &EfficiencyParameters::memoryBytesPerSmClock},
    {"matmul_flops_per_sm_clock", &EfficiencyParameters::matmulFlopsPerSmClock},
    {"attention_flops_per_sm_clock", &EfficiencyParameters::attentionFlopsPerSmClock},
    {"gemm_width_half", &EfficiencyParameters::gemmWidthHalf},
    {"gemm_tokens_half", &EfficiencyParameters::gemmTokensHalf},
    {"fp8_compute_factor", &EfficiencyParameters::fp8ComputeFactor},
    {"moe_dropless_imbalance", &EfficiencyParameters::moeDroplessImbalance},
    {"network_efficiency", &EfficiencyParameters::networkEfficiency},
    {"dp_overlap", &EfficiencyParameters::dataParallelOverlap},
    {"tp_overlap", &EfficiencyParameters::tensorParallelOverlap},
};

// Factors that divide a time must stay positive.
bool dividesTime(const char *key)
{
    return qstrcmp(key, "memory_efficiency") == 0 || qstrcmp(key, "compute_efficiency") == 0 ||
           qstrcmp(key, "attention_efficiency") == 0 || qstrcmp(key, "quantized_compute_factor") == 0 ||
           qstrcmp(key, "communication_efficiency") == 0 || qstrcmp(key, "kv_read_efficiency") == 0 ||
           qstrcmp(key, "fp8_compute_factor") == 0 || qstrcmp(key, "network_efficiency") == 0 ||
           qstrcmp(key, "moe_dropless_imbalance") == 0;
}

// Fractions of a time hidden behind another: at most 1.
bool isFraction(const char *key)
{
    return qstrcmp(key, "dp_overlap") == 0 || qstrcmp(key, "tp_overlap") == 0;
}

} // namespace

std::optional<EfficiencyParameters> EfficiencyParameters::fromJson(const QJsonObject &parameters,
                                                                   QString *error)
{
    QString scratch;
    QString &message = error ? *error : scratch;
    EfficiencyParameters result;
    for (const TableField &field : kTables) {
        const QString key = QString::fromLatin1(field.key);
        const QJsonValue value = parameters.value(key);
        if (value.isUndefined() || value.isNull())
            continue;
        QString detail;
        auto table = PropertyTable::fromJson(value, &detail);
        if (!table) {
            message = key + QStringLiteral(": ") + detail;
            return std::nullopt;
        }
        if (dividesTime(field.key)) {
            bool positive = table->defaultValue() > 0.0;
            for (const auto &entry : table->overrides())
                positive = positive && entry.second > 0.0;
            if (!positive) {
                message = key + QStringLiteral(": every factor must be > 0");
                return std::nullopt;
            }
        }
        if (isFraction(field.key)) {
            bool fraction = table->defaultValue() <= 1.0;
            for (const auto &entry : table->overrides())
                fraction = fraction && entry.second <= 1.0;
            if (!fraction) {
                message = key + QStringLiteral(": every fraction must be from 0 to 1");
                return std::nullopt;
            }
        }
        result.*field.member = *table;
    }
    const QJsonValue fp16 = parameters.value(QStringLiteral("use_fp16_accumulate_peak"));
    if (fp16.isBool())
        result.useFp16AccumulatePeak = fp16.toBool();
    const QJsonValue rates = parameters.value(QStringLiteral("rates"));
    if (!rates.isUndefined() && !rates.isNull()) {
        if (rates != QJsonValue(QStringLiteral("achievable")) &&
            rates != QJsonValue(QStringLiteral("datasheet"))) {
            message = QStringLiteral("rates: expected \"achievable\" or \"datasheet\"");
            return std::nullopt;
        }
        result.achievableRates = rates.toString() == QLatin1String("achievable");
    }
    const QJsonValue stacks = parameters.value(QStringLiteral("calibrated_stacks"));
    if (!stacks.isUndefined() && !stacks.isNull()) {
        bool valid = stacks.isArray();
        for (const QJsonValue &stack : stacks.toArray()) {
            valid = valid && stack.isString() && !stack.toString().trimmed().isEmpty();
            result.calibratedStacks << stack.toString().trimmed();
        }
        if (!valid) {
            message =
                QStringLiteral("calibrated_stacks: expected an array of stack names (\"CUDA\", \"ROCm\")");
            return std::nullopt;
        }
    }
    const QJsonValue engine = parameters.value(QStringLiteral("engine"));
    if (!engine.isUndefined() && !engine.isNull()) {
        if (!engine.isString()) {
            message = QStringLiteral("engine: expected the engine and its versions as text");
            return std::nullopt;
        }
        result.engine = engine.toString().trimmed();
    }
    const QJsonValue split = parameters.value(QStringLiteral("multi_gpu_split"));
    if (split.isString())
        result.pipelineSplit = split.toString() == QLatin1String("pipeline");
    const auto readInt = [&](const char *key, int &target, int minimum) -> bool {
        const QJsonValue value = parameters.value(QString::fromLatin1(key));
        if (value.isUndefined() || value.isNull())
            return true;
        const double number = value.toDouble(-1.0);
        if (!value.isDouble() || number < minimum || number > 1e6 || number != std::floor(number)) {
            message = QStringLiteral("%1: expected a whole number >= %2")
                          .arg(QString::fromLatin1(key))
                          .arg(minimum);
            return false;
        }
        target = static_cast<int>(number);
        return true;
    };
    if (!readInt("max_batch", result.maxBatch, 1) ||
        !readInt("prefill_microbatch_tokens", result.prefillMicrobatchTokens, 0) ||
        !readInt("max_num_seqs", result.maxNumSeqs, 1) ||
        !readInt("max_batched_tokens", result.maxBatchedTokens, 1) ||
        !readInt("cuda_graph_max_tokens", result.cudaGraphMaxTokens, 0))
        return std::nullopt;
    for (const auto &[key, target] : {std::pair{"cuda_graph_prefill", &result.cudaGraphPrefill},
                                      std::pair{"overlap_scheduler", &result.overlapScheduler}}) {
        const QJsonValue value = parameters.value(QString::fromLatin1(key));
        if (value.isUndefined() || value.isNull())
            continue;
        if (!value.isBool()) {
            message = QStringLiteral("%1: expected true or false").arg(QString::fromLatin1(key));
            return std::nullopt;
        }
        *target = value.toBool();
    }
    for (const auto &[key, target] : {std::pair{"engine_id", &result.engineId},
                                      std::pair{"engine_version_from", &result.engineVersionFrom},
                                      std::pair{"engine_version_to", &result.engineVersionTo}}) {
        const QJsonValue value = parameters.value(QString::fromLatin1(key));
        if (value.isUndefined() || value.isNull())
            continue;
        if (!value.isString()) {
            message = QStringLiteral("%1: expected text").arg(QString::fromLatin1(key));
            return std::nullopt;
        }
        *target = value.toString().trimmed();
    }
    const QJsonValue admission = parameters.value(QStringLiteral("kv_admission"));
    if (!admission.isUndefined() && !admission.isNull()) {
        if (admission != QJsonValue(QStringLiteral("reserve")) &&
            admission != QJsonValue(QStringLiteral("on_demand"))) {
            message = QStringLiteral("kv_admission: expected \"reserve\" or \"on_demand\"");
            return std::nullopt;
        }
        result.kvReserveWholeSequence = admission.toString() == QLatin1String("reserve");
    }
    const QJsonValue kvFraction = parameters.value(QStringLiteral("kv_memory_fraction"));
    if (kvFraction.isDouble()) {
        if (!(kvFraction.toDouble() > 0.0 && kvFraction.toDouble() <= 1.0)) {
            message = QStringLiteral("kv_memory_fraction: expected a number above 0 up to 1");
            return std::nullopt;
        }
        result.kvMemoryFraction = kvFraction.toDouble();
    }
    const QJsonValue overhead = parameters.value(QStringLiteral("framework_overhead_gb"));
    if (overhead.isDouble()) {
        if (!std::isfinite(overhead.toDouble()) || overhead.toDouble() < 0.0 ||
            overhead.toDouble() > 1000.0) {
            message = QStringLiteral("framework_overhead_gb: expected a number from 0 to 1000");
            return std::nullopt;
        }
        result.frameworkOverheadGb = overhead.toDouble();
    }
    const QJsonValue userFit = parameters.value(QStringLiteral("user_fit"));
    if (userFit.isObject()) {
        const QJsonObject o = userFit.toObject();
        UserFit fit;
        fit.baseProfileId = o.value(QStringLiteral("base")).toString();
        for (const QJsonValue &id : o.value(QStringLiteral("runs")).toArray())
            fit.runIds << qint64(id.toDouble());
        for (const QJsonValue &file : o.value(QStringLiteral("files")).toArray())
            fit.files << file.toString();
        fit.fittedAt = o.value(QStringLiteral("fitted_at")).toString();
        fit.errorBefore = o.value(QStringLiteral("median_error_before")).toDouble();
        fit.errorAfter = o.value(QStringLiteral("median_error")).toDouble();
        if (o.value(QStringLiteral("leave_one_out_error")).isDouble())
            fit.leaveOneOutError = o.value(QStringLiteral("leave_one_out_error")).toDouble();
        for (const QJsonValue &factor : o.value(QStringLiteral("moved")).toArray())
            fit.moved << factor.toString();
        QString bandError;
        const QJsonObject table{{QStringLiteral("bands"), o.value(QStringLiteral("bands"))}};
        const auto bands = UncertaintyTable::fromJson(QJsonDocument(table).toJson(), &bandError);
        if (fit.baseProfileId.isEmpty() || fit.runIds.isEmpty() || !bands) {
            message = QStringLiteral("user_fit: needs its base profile, its runs and valid bands (%1)")
                          .arg(bandError.isEmpty() ? QStringLiteral("none") : bandError);
            return std::nullopt;
        }
        fit.bands = bands->bands();
        result.userFit = fit;
    }
    return result;
}

std::optional<EfficiencyParameters> EfficiencyParameters::fromProfile(const EfficiencyProfile &profile,
                                                                      QString *error)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(profile.parametersJson.toUtf8(), &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject()) {
        if (error)
            *error = QStringLiteral("profile %1: parameters are not a JSON object").arg(profile.profileId);
        return std::nullopt;
    }
    QString detail;
    auto parameters = fromJson(document.object(), &detail);
    if (!parameters) {
        if (error)
            *error = QStringLiteral("profile %1: %2").arg(profile.profileId, detail);
        return std::nullopt;
    }
    parameters->profileId = profile.profileId;
    parameters->profileName = profile.name;
    return parameters;
}

QJsonObject EfficiencyParameters::toJson() const
{
    QJsonObject object;
    for (const TableField &field : kTables)
        object.insert(QString::fromLatin1(field.key), (this->*field.member).toJson());
    object.insert(QStringLiteral("use_fp16_accumulate_peak"), useFp16AccumulatePeak);
    object.insert(QStringLiteral("rates"),
                  achievableRates ? QStringLiteral("achievable") : QStringLiteral("datasheet"));
    if (!calibratedStacks.isEmpty())
        object.insert(QStringLiteral("calibrated_stacks"), QJsonArray::fromStringList(calibratedStacks));
    if (!engine.isEmpty())
        object.insert(QStringLiteral("engine"), engine);
    if (!engineId.isEmpty()) {
        object.insert(QStringLiteral("engine_id"), engineId);
        object.insert(QStringLiteral("engine_version_from"), engineVersionFrom);
        object.insert(QStringLiteral("engine_version_to"), engineVersionTo);
    }
    object.insert(QStringLiteral("cuda_graph_max_tokens"), cudaGraphMaxTokens);
    object.insert(QStringLiteral("cuda_graph_prefill"), cudaGraphPrefill);
    object.insert(QStringLiteral("overlap_scheduler"), overlapScheduler);
    object.insert(QStringLiteral("multi_gpu_split"),
                  pipelineSplit ? QStringLiteral("pipeline") : QStringLiteral("tensor"));
    object.insert(QStringLiteral("max_batch"), maxBatch);
    object.insert(QStringLiteral("prefill_microbatch_tokens"), prefillMicrobatchTokens);
    object.insert(QStringLiteral("framework_overhead_gb"), frameworkOverheadGb);
    object.insert(QStringLiteral("max_num_seqs"), maxNumSeqs);
    object.insert(QStringLiteral("max_batched_tokens"), maxBatchedTokens);
    object.insert(QStringLiteral("kv_memory_fraction"), kvMemoryFraction);
    object.insert(QStringLiteral("kv_admission"),
                  kvReserveWholeSequence ? QStringLiteral("reserve") : QStringLiteral("on_demand"));
    if (userFit) {
        QJsonArray runs;
        for (const qint64 id : userFit->runIds)
            runs.append(double(id));
        QJsonObject fit{{QStringLiteral("base"), userFit->baseProfileId},
                        {QStringLiteral("runs"), runs},
                        {QStringLiteral("files"), QJsonArray::fromStringList(userFit->files)},
                        {QStringLiteral("fitted_at"), userFit->fittedAt},
                        {QStringLiteral("median_error_before"), userFit->errorBefore},
                        {QStringLiteral("median_error"), userFit->errorAfter},
                        {QStringLiteral("moved"), QJsonArray::fromStringList(userFit->moved)},
                        {QStringLiteral("bands"),
                         UncertaintyTable(userFit->bands).toJson().value(QStringLiteral("bands"))}};
        if (userFit->leaveOneOutError)
            fit.insert(QStringLiteral("leave_one_out_error"), *userFit->leaveOneOutError);
        object.insert(QStringLiteral("user_fit"), fit);
    }
    return object;
}

PropertyTable *EfficiencyParameters::table(const QString &key)
{
    for (const TableField &field : kTables)
        if (key == QLatin1String(field.key))
            return &(this->*field.member);
    return nullptr;
}

QStringList EfficiencyParameters::tableKeys()
{
    QStringList keys;
    for (const TableField &field : kTables)
        keys << QString::fromLatin1(field.key);
    return keys;
}

EfficiencyParameters EfficiencyParameters::roofline()
{
    EfficiencyParameters parameters;
    parameters.profileId = QStringLiteral("roofline");
    parameters.profileName = QStringLiteral("Ideal roofline");
    return parameters;
}

ResolvedEfficiency ResolvedEfficiency::resolve(const EfficiencyParameters &p, const GpuSpec &gpu,
                                               const QString &modelKind)
{
    const QStringView architecture = GpuCapabilities::architectureFamily(gpu);
    const QStringView memory = GpuCapabilities::memoryClass(gpu);
    ResolvedEfficiency r;
    r.memory = p.memoryEfficiency.value(architecture, memory, modelKind);
    r.compute = p.computeEfficiency.value(architecture, memory, modelKind);
    r.attention = p.attentionEfficiency.value(architecture, memory, modelKind);
    r.layerOverheadS = p.layerOverheadUs.value(architecture, memory, modelKind) * 1e-6;
    r.graphLayerOverheadS = p.graphLayerOverheadUs.value(architecture, memory, modelKind) * 1e-6;
    r.moeLayerOverheadS = p.moeLayerOverheadUs.value(architecture, memory, modelKind) * 1e-6;
    r.expertTokensHalf = p.expertTokensHalf.value(architecture, memory, modelKind);
    r.expertWidthHalf = p.expertWidthHalf.value(architecture, memory, modelKind);
    r.quantizedCompute = p.quantizedComputeFactor.value(architecture, memory, modelKind);
    r.trainingBytesPerFlop = p.trainingBytesPerFlop.value(architecture, memory, modelKind);
    r.communication = p.communicationEfficiency.value(architecture, memory, modelKind);
    r.stepOverheadS = p.stepOverheadUs.value(architecture, memory, modelKind) * 1e-6;
    r.sequenceOverheadS = p.sequenceOverheadUs.value(architecture, memory, modelKind) * 1e-6;
    r.requestOverheadS = p.requestOverheadMs.value(architecture, memory, modelKind) * 1e-3;
    const double reference = p.overheadClockMhzReference.value(architecture, memory, modelKind);
    if (reference > 0.0 && gpu.boostClockMhz && *gpu.boostClockMhz > 0.0) {
        const double scale = reference / *gpu.boostClockMhz;
        r.stepOverheadS *= scale;
        r.sequenceOverheadS *= scale;
    }
    r.kvRead = p.kvReadEfficiency.value(architecture, memory, modelKind);
    r.memoryBytesPerSmClock = p.memoryBytesPerSmClock.value(architecture, memory, modelKind);
    r.matmulFlopsPerSmClock = p.matmulFlopsPerSmClock.value(architecture, memory, modelKind);
    r.attentionFlopsPerSmClock = p.attentionFlopsPerSmClock.value(architecture, memory, modelKind);
    if (p.achievableRates) {
        const AchievableRates rates = GpuCapabilities::achievableRates(gpu);
        r.matmulAchievable = rates.matmulFraction;
        r.memoryAchievable = rates.memoryFraction;
        r.matmulShareDerived = !rates.matmulMeasured;
        r.memoryShareDerived = !rates.memoryMeasured;
    }
    r.gemmWidthHalf = p.gemmWidthHalf.value(architecture, memory, modelKind);
    r.gemmTokensHalf = p.gemmTokensHalf.value(architecture, memory, modelKind);
    r.fp8Compute = p.fp8ComputeFactor.value(architecture, memory, modelKind);
    r.moeDroplessImbalance = std::max(1.0, p.moeDroplessImbalance.value(architecture, memory, modelKind));
    r.network = p.networkEfficiency.value(architecture, memory, modelKind);
    r.dataParallelOverlap = p.dataParallelOverlap.value(architecture, memory, modelKind);
    r.tensorParallelOverlap = p.tensorParallelOverlap.value(architecture, memory, modelKind);
    return r;
}
