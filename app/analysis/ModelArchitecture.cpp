#include "app/analysis/ModelArchitecture.h"

#include <algorithm>

namespace {

// A hybrid stack block by block (ModelArchitecture.h): parameters, active parameters, the scans' FLOPs,
// the recurrent state and the training activations per token.
void addHybridBlocks(const ModelSpec &model, double attention, ModelArchitecture &a, double &total,
                     double &active)
{
    const double h = a.hidden;
    const double matrices = model.gatedMlp ? 3.0 : 2.0;
    const double heads = model.ssmHeads;
    const double headDim = model.ssmHeadDim;
    const double state = model.ssmStateSize;
    const double kernel = model.ssmConvKernel > 0 ? model.ssmConvKernel : 4.0;
    const double values = heads * headDim;               // Mamba-2 d_inner; Gated DeltaNet value_dim
    const double keys = double(model.ssmGroups) * state; // Mamba-2 B (and C); Gated DeltaNet key_dim

    a.hybrid = true;
    a.attentionLayers = 0;
    a.allReducesPerLayer = model.layers > 0 ? double(model.layerPattern.size()) / model.layers : 2.0;
    const double expertFfn = model.moeFfnSize > 0 ? model.moeFfnSize : a.ffn;
    const double latent = model.moeLatentSize;
    a.moeLatent = latent;
    a.expertParamsPerLayer = a.experts > 0 ? matrices * (latent > 0 ? latent : h) * expertFfn : 0.0;
    a.expertFfn = a.experts > 0 ? expertFfn : 0.0;
    // Korthikanti et al. 2022, per token at 16 bit: attention 11 h, MLP 19 h, each norm 2 h.
    const double mlpActivations = 21.0 * h;
    for (const QChar block : model.layerPattern) {
        double params = 0;
        double activeParams = 0;
        double activations = 0;
        switch (block.unicode()) {
        case u'*':
            ++a.attentionLayers;
            params = attention;
            activations = 13.0 * h;
            break;
        case u'M': {
            const double conv = values + 2.0 * keys;
            const double inProj = 2.0 * values + 2.0 * keys + heads; // z, x, B, C, dt
            params = h * inProj + (kernel + 1.0) * conv + 3.0 * heads + values + values * h;
            a.recurrentFlopsPerToken += 7.0 * values * state;
            a.convStateElements += (kernel - 1.0) * conv;
            a.ssmStateElements += values * state;
            activations = 4.0 * h + 2.0 * (inProj + conv + 2.0 * values);
            break;
        }
        case u'G': {
            const double conv = 2.0 * keys + values;
            const double inProj = 2.0 * keys + 2.0 * values + 2.0 * heads; // q, k, v, z, b, a
            params = h * inProj + kernel * conv + 2.0 * heads + headDim + values * h;
            a.recurrentFlopsPerToken += 8.0 * values * state;
            a.convStateElements += (kernel - 1.0) * conv;
            a.ssmStateElements += values * state;
            activations = 4.0 * h + 2.0 * (inProj + conv + 2.0 * values);
            break;
        }
        case u'E': {
            ++a.moeLayers;
            const double fixed =
                h * a.experts + model.sharedExperts * matrices * h * expertFfn + 2.0 * h * latent;
            params = fixed + a.experts * a.expertParamsPerLayer;
            activeParams = fixed + a.activeExperts * a.expertParamsPerLayer;
            activations = mlpActivations;
            break;
        }
        default: // '-'
            params = matrices * h * a.ffn;
            activations = mlpActivations;
            break;
        }
        total += params + h; // each block has its RMSNorm
        active += (block == u'E' ? activeParams : params) + h;
        a.activationBytesPerToken += activations;
    }
}

} // namespace

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
        a.mlaLatent = model.kvLoraRank;
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
    a.attentionLayers = model.layers;
    double total = 0;
    double active = 0;
    if (!model.layerPattern.isEmpty()) {
        addHybridBlocks(model, attention, a, total, active);
    } else if (a.experts > 0) {
        const double expertFfn = model.moeFfnSize > 0 ? model.moeFfnSize : a.ffn;
        a.expertParamsPerLayer = matrices * h * expertFfn;
        a.expertFfn = expertFfn;
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
    if (model.layers > 0) {
        // One module's size, for the model's own modules or the ones a workload asks for (--mtp-layers): one
        // more layer of the stack's kind, an MoE layer when the stack ends in one, else its average.
        const bool moeLayer = a.experts > 0 && model.layerPattern.isEmpty();
        const double router = h * a.experts;
        const double shared = model.sharedExperts * a.expertParamsPerLayer;
        const double layerTotal =
            moeLayer ? attention + a.experts * a.expertParamsPerLayer + shared + router + norms
                     : total / model.layers;
        const double layerActive =
            moeLayer ? attention + a.activeExperts * a.expertParamsPerLayer + shared + router + norms
                     : active / model.layers;
        a.mtpLayers = model.mtpLayers;
        a.mtpParams = 2.0 * h * h + 2.0 * h + layerTotal;
        a.mtpMatmulParamsActive = 2.0 * h * h + layerActive + a.vocab * h;
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
