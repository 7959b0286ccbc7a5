// The bounds of a model file checked before its document is built (models/model_shape.hpp): its
// size, the parts of its learner against its header, fields no model has; and that models as
// written still load.
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/limits.hpp"
#include "models/model_json.hpp"
#include "pipeline/registry.hpp"

namespace onepass {
namespace {

using json = nlohmann::json;

const ModelSchema kSchema{{"age", "sex"}, "label", "1", "-1"};

std::string trained(const std::string& spec) {
  auto built = Pipeline::build(spec, 0, 0, Pipeline::task_of(spec));
  EXPECT_TRUE(built) << spec << ": " << built.message();
  auto p = built.take();
  const double x[] = {1, 2};
  p->learn_one(x, 2, 1);
  return model_to_json(*p, kSchema);
}

// The model edited by `edit`, signed again (as a hostile file would be).
template <typename Edit>
std::string edited(const std::string& text, Edit edit) {
  json j = json::parse(text);
  edit(j);
  return resign_model(j.dump()).take();
}

TEST(ModelBounds, SizeIsBoundedBeforeAnythingIsRead) {
  EXPECT_EQ(kMaxModelBytes, std::size_t{1} << 29);  // kMaxDims inputs at 32 bytes a number
  EXPECT_TRUE(check_model_size(kMaxModelBytes));
  EXPECT_EQ(check_model_size(kMaxModelBytes + 1).message(),
            "the model file is 536870913 bytes, more than a model file may be (536870912 bytes: "
            "2^24 inputs at 32 bytes a number, about the longest text JavaScript holds); it is "
            "not read");
}

TEST(ModelBounds, TheWriterRefusesAFileThatCouldNotBeReadBack) {
  // The same bound on the writer's side: at it a file is written, past it refused unwritten.
  EXPECT_TRUE(check_model_text(kMaxModelBytes));
  EXPECT_EQ(check_model_text(kMaxModelBytes + 1).message(),
            "the model file would be 536870913 bytes, more than a model file may be (536870912 "
            "bytes: 2^24 inputs at 32 bytes a number, about the longest text JavaScript holds); "
            "it is not written, since it could not be read back");
  // Within it, the text the front ends write is the model's.
  auto p = Pipeline::build("zscore | pa1 +avg").take();
  const double x[] = {1, 2};
  p->learn_one(x, 2, 1);
  const Result<std::string> text = model_file_text(*p, kSchema);
  ASSERT_TRUE(text) << text.message();
  EXPECT_EQ(text.value(), model_to_json(*p, kSchema));
}

TEST(ModelBounds, ModelsAsWrittenStillLoad) {
  for (const char* spec : {"zscore | logreg", "pa1 +avg", "arow", "ftrl +vote", "adagrad +avg",
                           "pater2", "fs +avg", "pa1 +avg +platt"}) {
    const std::string text = trained(spec);
    EXPECT_TRUE(model_from_json(text)) << spec << ": " << model_from_json(text).message();
  }
  // Every yes/no learner, alone and under each wrapper, at 100 inputs: the parts grow with the
  // inputs (fs +avg keeps 6 numbers a weight), and each model loads back.
  std::vector<double> x(100);
  for (std::size_t j = 0; j < x.size(); ++j) x[j] = 0.5 + static_cast<double>(j % 7);
  for (const RegistryEntry& e : registry()) {
    if (e.kind != StageKind::learner || e.task != Task::binary) continue;
    for (const char* wrap : {"", " +avg", " +vote", " +avg +platt"}) {
      if (*wrap && !e.takes_modifiers) continue;
      const std::string spec = "zscore | " + e.name + wrap;
      auto p = Pipeline::build(spec);
      ASSERT_TRUE(p) << spec << ": " << p.message();
      for (int r = 0; r < 4; ++r) p.value()->learn_one(x.data(), x.size(), r % 2 ? 1 : -1);
      const std::string text = model_to_json(*p.value(), ModelSchema{});
      EXPECT_TRUE(model_from_json(text)) << spec << ": " << model_from_json(text).message();
    }
  }
}

TEST(ModelBounds, LearnerPartsLongerThanTheHeaderAllowsAreRefusedUnbuilt) {
  const std::string good = trained("zscore | logreg");
  // dims 2, no width or outputs: at most 8 numbers a weight of 3 (2 inputs and a bias), a full
  // covariance's 3 x 3, plus 64.
  const std::string long_params =
      edited(good, [](json& j) { j["learner"]["params"] = std::vector<double>(100000, 0.5); });
  EXPECT_EQ(model_from_json(long_params).message(),
            "not a valid onepass model: a part of its learner holds 100000 numbers, more than "
            "its dims (2), width (0) and outputs (0) allow (97)");
  EXPECT_EQ(merge_models({long_params, good}).message(),
            "model 1: " + model_from_json(long_params).message());
  // At the bound the shape passes; the pipeline then says the part is the wrong size.
  const std::string at_bound =
      edited(good, [](json& j) { j["learner"]["state"] = std::vector<double>(97, 0.0); });
  EXPECT_EQ(model_from_json(at_bound).message().find("a part of its learner"), std::string::npos);
  const std::string many_names = edited(good, [](json& j) {
    j["schema"]["features"] = {"a", "b", "c"};
  });
  EXPECT_EQ(model_from_json(many_names).message(),
            "not a valid onepass model: it names 3 features for 2 inputs");
}

TEST(ModelBounds, FieldsNoModelHasAreBounded) {
  const std::string good = trained("zscore | logreg");
  const std::string small_note = edited(good, [](json& j) { j["notes"] = {"trained", "today"}; });
  EXPECT_TRUE(model_from_json(small_note)) << model_from_json(small_note).message();
  const std::string big_note =
      edited(good, [](json& j) { j["learner"]["notes"] = std::vector<double>(5000, 1.0); });
  EXPECT_EQ(model_from_json(big_note).message(),
            "not a valid onepass model: its field \"notes\", which no model has, holds more than "
            "4096 values");
}

TEST(ModelBounds, DimsOfTheWrongTypeAreSaidSo) {
  const std::string good = trained("zscore | logreg");
  EXPECT_EQ(model_from_json(edited(good, [](json& j) { j["dims"] = "2"; })).message(),
            "not a valid onepass model: its dims are a string, not a whole number of inputs");
  EXPECT_EQ(model_from_json(edited(good, [](json& j) { j["dims"] = -2; })).message(),
            "not a valid onepass model: its dims are a negative number, not a whole number of "
            "inputs");
  EXPECT_EQ(model_from_json(edited(good, [](json& j) { j.erase("dims"); })).message(),
            "not a valid onepass model: a part is missing (dims, scalers, learner or progress)");
}

}  // namespace
}  // namespace onepass
