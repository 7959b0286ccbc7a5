// The short names people read for the registry's stages and the drift detectors ("PA-II" for
// pa2, "z-score" for zscore, "averaging" for avg): what the demo's menus and results call a
// pipeline, with the spec one hover away. A title reads inside a sentence (the demo capitalises
// the first word of a name), and no two of one kind are the same.
#pragma once

#include <cstddef>
#include <string>

namespace onepass {

// The title of the stage (learner, scaler or modifier, +drift included) named `name`; "" for a
// name that has none.
std::string stage_title(const std::string& name);
// The title of the drift detector named `name` (docs/algorithms.md 6.8); "" for none.
std::string detector_title(const std::string& name);
// How many stages and detectors have a title: with every one titled, the tables hold no other.
std::size_t stage_title_count();
std::size_t detector_title_count();

}  // namespace onepass
