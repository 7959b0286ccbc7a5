// A double as JavaScript's String(x) writes it (ECMA-262 Number::toString): the shortest digits
// that read back as x, plain from 1e-7 to 1e21, else d.ddde+x. The predictions CSV is written
// with it (api/scorer.hpp), so that every front end writes the same bytes as a JS user's
// own String(x) would.
#pragma once

#include <string>

namespace onepass {

std::string js_number_text(double x);

}  // namespace onepass
