// Both CLIs' command lines (api/command_line.hpp): what the words mean, and one message for
// each mistake (tests/js/native.test.mjs and cli.test.mjs check the two CLIs print them alike).
#include "onepass/api/command_line.hpp"

#include <gtest/gtest.h>

namespace onepass {
namespace {

// The error of a command line, or "" when it is accepted.
std::string mistake(const std::vector<std::string>& words) {
  auto line = parse_command_line(words);
  return line ? "" : line.message();
}

TEST(CommandLine, ReadsOptionsByTheirLongFlagInOrder) {
  auto line = parse_command_line({"run", "data.csv", "-p", "pa", "--pipeline", "logreg", "-q",
                                  "--every", "50", "--no-header", "--delimiter", ";"});
  ASSERT_TRUE(line) << line.message();
  const CommandLine& l = line.value();
  EXPECT_EQ(l.command, "run");
  EXPECT_EQ(l.files, std::vector<std::string>{"data.csv"});
  EXPECT_EQ(l.options.at("--pipeline"), (std::vector<std::string>{"pa", "logreg"}));
  EXPECT_EQ(l.value("--quiet"), "true");
  EXPECT_EQ(l.value("--every"), "50");
  EXPECT_EQ(l.value("--no-header"), "true");  // a CSV switch
  EXPECT_EQ(l.value("--delimiter"), ";");
  EXPECT_EQ(l.value("--save", "none"), "none");
  EXPECT_FALSE(l.svmlight());
  EXPECT_TRUE(
      parse_command_line({"run", "-", "--format", "libsvm", "--dims", "9"}).value().svmlight());
}

TEST(CommandLine, ReadsAValueJoinedByAnEqualsSign) {
  auto line = parse_command_line({"run", "d.csv", "--label=y", "--na=-999,n.a.", "--every=5"});
  ASSERT_TRUE(line) << line.message();
  EXPECT_EQ(line.value().value("--label"), "y");
  EXPECT_EQ(line.value().value("--na"), "-999,n.a.");
  EXPECT_EQ(line.value().value("--every"), "5");
  EXPECT_EQ(parse_command_line({"run", "d.csv", "--json=yes"}).message(),
            "--json takes no value (got '--json=yes')");
  EXPECT_EQ(parse_command_line({"run", "d.csv", "--every=x"}).message(),
            parse_command_line({"run", "d.csv", "--every", "x"}).message());
}

TEST(CommandLine, ExplainTakesACountOnlyWhenOneFollows) {
  // docs/algorithms.md 1.9: --explain alone lists 5; a whole number after it is its count, any
  // other word is not (the file stays the file).
  const auto count = [](const std::vector<std::string>& words) {
    auto line = parse_command_line(words);
    EXPECT_TRUE(line) << line.message();
    return line ? line.value().value("--explain") + " " + line.value().files.at(0) : "";
  };
  EXPECT_EQ(count({"predict", "d.csv", "-m", "m.json", "--explain"}), "5 d.csv");
  EXPECT_EQ(count({"predict", "--explain", "d.csv", "-m", "m.json"}), "5 d.csv");
  EXPECT_EQ(count({"predict", "--explain", "3", "d.csv", "-m", "m.json"}), "3 d.csv");
  EXPECT_EQ(count({"predict", "d.csv", "--explain=12", "-m", "m.json"}), "12 d.csv");
  EXPECT_EQ(mistake({"predict", "d.csv", "-m", "m.json", "--explain", "0"}),
            "--explain takes a whole number from 1 to 1000 (got '0')");
  EXPECT_EQ(mistake({"predict", "d.csv", "-m", "m.json", "--explain=x"}),
            "--explain takes a whole number from 1 to 1000 (got 'x')");
}

TEST(CommandLine, NamesEachMistakeOfAWord) {
  EXPECT_EQ(mistake({}), "no command given");
  EXPECT_EQ(mistake({"fly"}), "unknown command 'fly'");
  EXPECT_EQ(mistake({"run", "a.csv", "--every"}), "--every needs a value");
  EXPECT_EQ(mistake({"run", "a.csv", "--evry", "3"}), "unknown option '--evry'");
  EXPECT_EQ(mistake({"merge", "a.json", "--na", "?", "-o", "m.json"}), "unknown option '--na'");
  EXPECT_EQ(mistake({"run", "a.csv", "b.csv"}), "unexpected argument 'b.csv'");
  EXPECT_EQ(mistake({"run"}), "run needs a CSV or svmlight file (or - for standard input)");
  EXPECT_EQ(mistake({"run", "a.csv", "--every", "-1"}),
            "--every takes a whole number from 0 to 9007199254740991 (got '-1')");
  // An empty word is a file (a mistake for the command), never an option without an alias.
  EXPECT_EQ(mistake({"run", "", "-p", "pa"}),
            "");  // the empty name fails when the file is opened, as any other name
  EXPECT_EQ(mistake({"list", ""}), "unexpected argument ''");
  // The CSV reading flags' values, as the runs will set them.
  EXPECT_NE(mistake({"run", "a.csv", "--max-levels", "x"}).find("maxLevels"), std::string::npos);
  EXPECT_NE(mistake({"run", "a.csv", "--numeric", "a", "--categorical", "a"}), "");
  EXPECT_EQ(mistake({"run", "a.csv", "--threads", "257"}),
            "--threads takes a whole number from 1 to 256 (got '257')");
  EXPECT_EQ(mistake({"run", "a.csv", "--dims", "0"}),
            "--dims takes a whole number from 1 to 16777216 (got '0')");
  EXPECT_EQ(mistake({"evaluate", "a.csv", "--holdout", "1"}),
            "--holdout takes a fraction in (0, 1) (got '1')");
  EXPECT_EQ(mistake({"evaluate", "a.csv", "--folds", "3", "--curve", "0.5,1,1.5"}),
            "--curve takes fractions in (0, 1] (got '1.5')");
  EXPECT_EQ(mistake({"run", "a.csv", "--format", "tsv"}),
            "--format is csv, svmlight or libsvm, not 'tsv'");
  const std::string known =
      "; the metrics are, binary: accuracy error precision recall f1 balancedAccuracy logLoss tp "
      "fp tn fn auc pAtK; multiclass: accuracy error balancedAccuracy macroF1 weightedF1 logLoss "
      "baselineAccuracy; regression: mae rmse r2 baselineMae baselineRmse baselineR2";
  EXPECT_EQ(mistake({"evaluate", "a.csv", "--metrics", "f1,log_loss"}),
            "--metrics: unknown metric 'log_loss' (did you mean logLoss?)" + known);
  EXPECT_EQ(mistake({"evaluate", "a.csv", "--select", "speed"}),
            "--select: unknown metric 'speed'" + known);
}

TEST(CommandLine, KeepsTheRulesBetweenOptions) {
  EXPECT_EQ(mistake({"run", "a.csv", "--load", "m.json", "-p", "pa"}),
            "--load trains a saved model further; it takes no --pipeline");
  EXPECT_EQ(mistake({"run", "a.csv", "--save", "m.json", "-p", "pa", "-p", "pa1"}),
            "--save writes one model: give exactly one --pipeline");
  EXPECT_EQ(mistake({"evaluate", "a.csv", "--holdout", "0.2", "--folds", "3"}),
            "choose one of --holdout, --folds and --test");
  // The protocol's own rules (api/dataset.hpp check_evaluation).
  EXPECT_NE(mistake({"evaluate", "a.csv", "--curve", "0.5"}).find("needs folds"),
            std::string::npos);
  EXPECT_NE(mistake({"evaluate", "a.csv", "--folds", "3", "--grid", "eta0=0.1,1"})
                .find("grid search runs with a holdout"),
            std::string::npos);
  EXPECT_EQ(mistake({"predict", "a.csv"}), "predict needs --model model.json");
  EXPECT_EQ(mistake({"predict", "a.csv", "-m", "m.json", "--dims", "3"}),
            "predict reads svmlight rows as the model was trained: no --dims or --index-base");
  EXPECT_EQ(mistake({"merge", "a.json"}), "merge needs -o merged.json");
  EXPECT_EQ(mistake({"merge", "-o", "m.json"}), "merge needs model files");
  EXPECT_EQ(mistake({"export", "m.json"}), "export needs --onnx FILE and/or --weights FILE");
  EXPECT_EQ(mistake({"list", "--json"}), "");
}

TEST(CommandLine, ChecksTheReadingFlagsOnceTheFormatIsKnown) {
  const auto reading = [](const std::vector<std::string>& words, const std::string& model) {
    return check_reading(parse_command_line(words).value(), model, "m.json").message();
  };
  EXPECT_EQ(reading({"run", "a.svm", "--format", "svmlight"}, ""),
            "--format svmlight needs --dims <number of features>");
  EXPECT_EQ(reading({"run", "a.svm", "--load", "m.json"}, "svmlight"), "");  // its width
  EXPECT_EQ(reading({"run", "a.csv", "--dims", "3"}, ""),
            "--dims and --index-base go with --format svmlight");
  EXPECT_EQ(reading({"run", "a.svm", "--format", "svmlight", "--dims", "3", "--na", "?"}, ""),
            "--na reads CSV files; it does not apply to --format svmlight");
  EXPECT_EQ(reading({"run", "a.svm", "--format", "svmlight", "--dims", "3", "--threads", "2"}, ""),
            "--threads reads CSV files; it does not apply to --format svmlight");
  EXPECT_EQ(reading({"predict", "a.svm", "-m", "m.json", "--no-header"}, "svmlight"),
            "--no-header reads CSV files; it does not apply to --format svmlight");
  EXPECT_EQ(reading({"predict", "a.svm", "-m", "m.json", "--format", "svmlight"}, "csv"),
            "m.json was trained on a CSV file: predict reads CSV rows with it");
  // The flags svmlight rows take too.
  EXPECT_EQ(reading({"run", "a.svm", "--format", "svmlight", "--dims", "3", "--positive", "1",
                     "--skip-bad-rows"},
                    ""),
            "");
}

TEST(CommandLine, GivesEvaluateItsProtocolAndOptions) {
  auto line = parse_command_line(
      {"evaluate", "a.csv", "--folds", "5", "--curve", "0.5,1", "--seed", "9", "--shuffle"});
  ASSERT_TRUE(line) << line.message();
  EvaluationProtocol protocol;
  EvaluationOptions options;
  evaluation_of(line.value(), protocol, options);
  EXPECT_EQ(protocol.kind, EvaluationProtocol::Kind::cross_validation);
  EXPECT_EQ(protocol.folds, 5u);
  EXPECT_EQ(protocol.curve, (std::vector<double>{0.5, 1}));
  // Lists are kept as read: trimmed parts, empty ones left out.
  auto spaced = parse_command_line(
      {"evaluate", "a.csv", "--metrics", " accuracy, f1,", "--folds", "3", "--curve", "0.5, 1,"});
  ASSERT_TRUE(spaced) << spaced.message();
  EXPECT_EQ(spaced.value().value("--metrics"), "accuracy,f1");
  EXPECT_EQ(spaced.value().value("--curve"), "0.5,1");
  EXPECT_EQ(options.eval.seed, 9u);
  EXPECT_TRUE(options.eval.shuffle);
  EXPECT_FALSE(options.optimistic);
  // A grid's options go with a grid.
  auto grid = parse_command_line({"evaluate", "a.csv", "--grid", "c=1,2", "--select", "f1"});
  ASSERT_TRUE(grid) << grid.message();
  evaluation_of(grid.value(), protocol, options);
  EXPECT_EQ(options.select, "f1");
  EXPECT_EQ(parse_command_line({"evaluate", "a.csv", "--optimistic"}).message(),
            "--optimistic chooses among a grid's candidates: give --grid");
}

}  // namespace
}  // namespace onepass
