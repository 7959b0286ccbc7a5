#include "pipeline/stage_entry.hpp"

#include "pipeline/stage_titles.hpp"

namespace onepass {

const char* kind_name(StageKind kind) {
  static constexpr const char* kNames[] = {"learner", "scaler", "modifier"};
  return kNames[static_cast<int>(kind)];  // by StageKind
}

std::string input_need_text(InputNeed need) {
  switch (need) {
    case InputNeed::non_negative:
      return "non-negative features (put minmax first)";
    case InputNeed::scaled:
      return "scaled features (put zscore first)";
    case InputNeed::any:
      break;
  }
  return "";
}

RegistryEntry stage_entry(StageKind kind, std::string name, const char* summary, const char* spec,
                          const char* source, bool probability) {
  RegistryEntry e;
  e.name = std::move(name);
  e.kind = kind;
  e.title = stage_title(e.name);
  e.summary = summary;
  e.spec = spec;
  e.source = source;
  e.probability = probability;
  return e;
}

std::vector<RegistryEntry> one_entry(RegistryEntry entry) {
  std::vector<RegistryEntry> out;
  out.push_back(std::move(entry));
  return out;
}

}  // namespace onepass
