// The usage `onepass --help` prints (docs/cli.md, which holds it): every command and option.

export const USAGE = `usage:
  onepass run <file.csv|-> [--pipeline "<spec>" ...]
              [--label <name|index>] [--positive <value>] [--every K] [--window N] [--skip-bad-rows]
              [--json]
              [--save model.json] [--load model.json] [--shuffle-buffer N [--seed S]]
              [--threads N] [CSV reading options, below]
  onepass run <file.svm|-> --format svmlight --dims D [--index-base 0] [--pipeline "<spec>" ...]
              [--positive <value>] [--every K] [--skip-bad-rows] [--json]
              [--save model.json] [--load model.json]
  onepass evaluate <file.csv> [--pipeline "<spec>" ...] [--label L] [--positive V]
              [--holdout 0.2 | --folds 10 | --test test.csv] [--seed S] [--shuffle]
              [--grid "lambda=0,0.01;mu=0,1"] [--select accuracy] [--validation 0.2 | --optimistic]
              [--tune-threshold f1|balancedAccuracy|accuracy [--validation 0.2]]
              [--metrics accuracy,f1,auc] [--curve 0.1,0.5,1] [--json]
              [--format svmlight --dims D [--index-base 0]]
  onepass predict <file.csv|file.svm|-> --model model.json [--out predictions.csv]
              [--threshold T] [--explain [N]]
              [--skip-bad-rows] [CSV reading options]
              (a model trained on svmlight rows reads svmlight rows)
  onepass merge a.json b.json [...] -o merged.json [--mean | --weights 3,1,...] [--base b.json]
  onepass export model.json [--onnx model.onnx] [--weights weights.json]
  onepass list [--json]
  onepass generate <stream> --rows N [--seed S] [--param name=value ...] [-o file.csv]
  onepass generate --list [--json]
  onepass --version

  spec examples: "zscore | logreg(eta0=0.1,lambda=0)", "perceptron +avg", "minmax | pa1(c=0.1)";
               without --pipeline, run and evaluate use the default pipeline (onepass list shows it)
  --label      label column by header name or 0-based index (-1 = last; default: last)
  --positive   label value of the positive class (default: numeric 1 vs 0 or -1)
  --every K    record the cumulative-mistakes curve every K rows (printed with --json)
  --window N   also give the error of the last N rows (rollingError in --json, and at each curve
               point; at most 10,000,000)
  --skip-bad-rows  count and skip malformed rows instead of stopping at the first one
  --json       one JSON object per pipeline, one per line
  --quiet, -q  no progress line on the terminal (there is none when stderr is not a terminal)
  --threads N  threads for a CSV run: one learns, N - 1 parse (default: the number of cores,
               at most 4; 1: one thread parses and learns); the results are the same whatever N
  CSV reading (run, evaluate, predict): --no-header (columns named c1..cN), --delimiter C (default:
               detected), --decimal , (numbers written "1,5"; default: detected when the
               delimiter is not ','), --skip-lines N, --comment '|' (lines to pass over), --na "-999,unknown" (missing-value cells besides the
               defaults: '', ?, NA, N/A, NaN, null, None, #N/A, #DIV/0!, ...; --no-default-na
               leaves the defaults out), --label-trim "." (characters trimmed from labels), --numeric a,b --categorical c --text d
               --ignore e --date f (column roles; the others are inferred from the first --sample-rows
               1000 rows), --max-levels 1000 --level-buckets 64 (categories past the cap are
               hashed), --text-bits 18 (hashed word buckets per text column), --scale-encoded
               (the scalers scale categorical and text features too; online scalers only),
               --max-record-bytes 1048576 --max-fields 100000 (bounds on one record)
  --shuffle-buffer N  learn the rows in a seeded random order, through a buffer of N rows
  --save F     write the trained pipeline (one --pipeline) as a model file
  --load F     train the model in F further on this file (instead of --pipeline)
  --format svmlight  (or libsvm) sparse rows, "label index:value ..." per line (run,
               evaluate, predict); --dims gives the number of features, --index-base 0 reads
               indices counted from 0; a saved model keeps both
  predict      one prediction (and probability, for logistic models) per row; --threshold T
               says yes at a probability (or, for models without one, a margin) of at least T
               (default 0.5, or 0); --explain [N] adds each row's N (default 5) largest
               contributions w*z (columns featureK, valueK, contributionK, then rest and
               bias, which add up to the score; docs/algorithms.md 1.9); the model's
               features are found by header name, the label column may be absent
  merge        models of the same pipeline trained on shards of a stream, each weighed by the
               rows it learned (learners with a per-feature confidence, adagrad, ftrl, arow,
               scw, weigh each weight by it; docs/algorithms.md §3.4); --weights gives one
               weight per model instead, --mean the plain mean, every model alike; --base
               the model every one continued from (a round of mixing: each weighs what it
               learned since, and the base's rows count once; §6.12); models of classes
               merge over the union of their classes, by name
  export       the model as ONNX (input x: doubles [rows, features]; outputs label, margin,
               probability) and/or as plain weights per feature (coef, intercept), for
               pipelines with an exact linear form (zscore, pareto, vast, level, twosd,
               ewzscore, robust, minmax, maxabs scalers; learners with a margin w.x + b)
  generate     a stream made by code whose concept changes at known rows (sea, hyperplane,
               agrawal, stagger, concept_drift; generate --list describes each and its
               parameters), as CSV on standard output or in -o's file; the same --seed
               (default 1), rows and parameters give the same bytes
  evaluate     holdout (default 20% test), k-fold CV or a given test file; --grid selects
               parameters on a validation part of the training data (--optimistic: on the
               test part, as the Feature Scaling paper did; labelled so); --tune-threshold
               chooses a yes/no decision threshold on that validation part, then tests at it;
               --curve draws a learning curve from the folds`;
