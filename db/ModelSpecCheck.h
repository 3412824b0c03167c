#pragma once

#include "db/ModelSpec.h"

#include <QString>

// Sane bounds on a model's architecture, wherever one comes in: a local config.json, a models.json
// preset, a row of the models table. A value past them (a billion layers, more heads than the hidden
// size, more KV heads than heads, no vocabulary) is a damaged or mistyped config, not a model: it is
// refused with the field's config.json name and the bound, so no estimate is made from it.
namespace ModelSpecCheck {

// The first value out of bounds as "num_hidden_layers 1000000000: allowed 1 to 1024"; "" when the model
// is sane. A model with layers, a hidden size and heads is a transformer and needs a vocabulary; one
// without (a cnn or diffusion preset sized by params_billions) is checked for its upper bounds only.
QString problem(const ModelSpec &model);

} // namespace ModelSpecCheck
