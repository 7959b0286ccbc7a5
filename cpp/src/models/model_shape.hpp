// A model file's shape, read before its document is built: a document takes several times its
// text in memory, so what no valid model holds is refused from the text itself, with memory
// bounded by the nesting (docs/design.md, "Model files are bytes-safe and bounded"). Private to
// cpp/src/models.
#pragma once

#include <string>

#include "core/status.hpp"

namespace onepass::model_document {

// The envelope (format, version), the header's dims, the length of every part of the learner
// against what the header allows (dims, width, outputs), the feature names against the inputs,
// and the values held by fields no model has. Ok when the document may be built; a syntax
// error is parse_json's to name.
Status check_shape(const std::string& text);

}  // namespace onepass::model_document
