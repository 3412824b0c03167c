#include "app/analysis/ModelArchitecture.h"

#include <algorithm>

ModelArchitecture ModelArchitecture::from(const ModelSpec &model)
{
    ModelArchitecture a;
    a.encoder = model.kind == QLatin1String("encoder");
    a.transformer = model.layers > 0 && model.hiddenSize > 0 && model.heads > 0;
    a.maxContext = model.maxContext;
    if (!a.transformer) {
        a.totalParams = model.paramsBillions.value_or(0.0) * 1e9;
        a.activeParams = a.totalParams;
        a.matmulParamsActive = a.totalParams;
        a.forwardFlopsPerSample = model.gflopsPerSample.value_or(2.0 * a.totalParams / 1e9) * 1e9;
        return a;
    }
    a.layers = model.layers;
    a.hidden = model.hiddenSize;
    a.heads = model.heads;
    a.kvHeads = model.kvHeads > 0 ? model.kvHeads : model.heads;
    a.headDim = model.headDim > 0 ? model.headDim : a.hidden / a.heads;
    a.ffn = model.ffnSize > 0 ? model.ffnSize : 4.0 * a.hidden;
    a.vocab = model.vocabSize;
    a.mla = model.kvLoraRank > 0;
    // A chunk bounds the cache like a window: a chunked layer holds at most one chunk of keys and values.
    a.slidingWindow = model.slidingWindow > 0 ? model.slidingWindow : model.attentionChunkSize;
    a.fullLayers = a.slidingWindow <= 0              ? model.layers
                   : model.fullAttentionInterval > 0 ? model.layers / model.fullAttentionInterval
                                                     : 0;

    const double h = a.hidden;
    double attention = 0;
    if (a.mla) {
        const double nope = model.qkNopeHeadDim > 0 ? model.qkNopeHeadDim : a.headDim;
        const double rope = model.qkRopeHeadDim;
        const double v = model.vHeadDim > 0 ? model.vHeadDim : a.headDim;
        const double queryHead = nope + rope;
        attention = (model.qLoraRank > 0 ? h * model.qLoraRank + model.qLoraRank * a.heads * queryHead
                                         : h * a.heads * queryHead) +
                    h * (model.kvLoraRank + rope) + model.kvLoraRank * a.heads * (nope + v) + a.heads * v * h;
        a.kvElementsPerTokenPerLayer = model.kvLoraRank + rope;
        a.headDim = queryHead; // attention-score FLOPs use the query/key head size
    } else {
        attention = 2.0 * h * a.heads * a.headDim + 2.0 * h * a.kvHeads * a.headDim;
        a.kvElementsPerTokenPerLayer = 2.0 * a.kvHeads * a.headDim;
    }
    const double matrices = model.gatedMlp ? 3.0 : 2.0;
    const double denseMlp = matrices * h * a.ffn;
    const double norms = 2.0 * h;

    a.experts = model.experts;
    a.activeExperts = model.experts > 0 ? std::clamp(model.activeExperts, 1, model.experts) : 0;
    double total = 0;
    double active = 0;
    if (a.experts > 0) {
        const double expertFfn = model.moeFfnSize > 0 ? model.moeFfnSize : a.ffn;
        a.expertParamsPerLayer = matrices * h * expertFfn;
        const int denseLayers = std::clamp(model.denseLayers, 0, model.layers);
        // Llama 4 Maverick interleaves: every interleave_moe_layer_step-th layer is MoE, the rest dense.
        a.moeLayers = (model.layers - denseLayers) / std::max(1, model.moeLayerInterval);
        const int plainLayers = model.layers - a.moeLayers; // leading and interleaved dense layers
        const double router = h * a.experts;
        const double shared = model.sharedExperts * a.expertParamsPerLayer;
        total = plainLayers * (attention + denseMlp + norms) +
                a.moeLayers * (attention + a.experts * a.expertParamsPerLayer + shared + router + norms);
        active =
            plainLayers * (attention + denseMlp + norms) +
            a.moeLayers * (attention + a.activeExperts * a.expertParamsPerLayer + shared + router + norms);
    } else {
        total = model.layers * (attention + denseMlp + norms);
        active = total;
    }
    const double embeddings = a.vocab * h * (model.tiedEmbeddings ? 1.0 : 2.0);
    a.embeddingParams = embeddings;
    a.totalParams = total + embeddings + h; // + final norm
    a.activeParams = active + embeddings + h;
    a.matmulParamsActive = active + a.vocab * h; // the output head is a matmul, the input lookup is not
    if (a.experts > 0 && !model.expertPrecision.isEmpty())
        if (const auto experts = Precisions::parse(model.expertPrecision))
            if (const auto rest = Precisions::parse(model.nonExpertPrecision)) {
                a.expertPrecision = *experts;
                a.nonExpertBits = Precisions::bitsPerValue(*rest);
            }
    if (model.paramsBillions && *model.paramsBillions > 0) {
        // An explicit total overrides the config-derived count; active scales with it.
        const double scale = *model.paramsBillions * 1e9 / a.totalParams;
        a.totalParams *= scale;
        a.activeParams *= scale;
        a.matmulParamsActive *= scale;
    }
    return a;
}

double ModelArchitecture::loraParams(int rank) const
{
    if (!transformer || rank <= 0)
        return 0.0;
    const double h = hidden;
    const double qkvo = (h + heads * headDim) * 2.0 + 2.0 * (h + kvHeads * headDim);
    const double mlpIn = ffn;
    const double mlp = 3.0 * (h + mlpIn);
    return double(rank) * layers * (qkvo + mlp); // in double: rank x layers passes 2^31 on absurd configs
}
