# Binary data sets the project has not tuned on, for bench/quality_unseen.mjs and
# bench/quality_narrow.mjs:
#   Rscript bench/unseen_sets.R DIR [unseen|confirm]
# writes DIR/NAME.csv for each set of the group (unseen, the first table below, without it): a header, every feature numeric, the last column
# `label` with 1 (the positive class) and -1, a missing cell empty (as data/README.md's files).
# None of them is one of the bundled sets (data/README.md) or a version of one.
#
# Every set comes from a Debian package (install them with
#   apt-get install r-base-core r-cran-kernlab r-cran-mlbench r-cran-mass r-cran-cardata):
#
# | file              | package (data set)        | rows | label = 1 when                          |
# |-------------------|---------------------------|-----:|-----------------------------------------|
# | spam.csv          | r-cran-kernlab (spam)      | 4601 | type == "spam"                          |
# | musk.csv          | r-cran-kernlab (musk)      |  476 | Class == 1 (a musk molecule)            |
# | ticdata.csv       | r-cran-kernlab (ticdata)   | 9822 | CARAVAN == "insurance" (6%)             |
# | promotergene.csv  | r-cran-kernlab (promotergene) | 106 | Class == "+" (a promoter)            |
# | housevotes84.csv  | r-cran-mlbench (HouseVotes84) | 435 | Class == "republican"                |
# | birthwt.csv       | r-cran-mass (birthwt)      |  189 | low == 1 (birth weight < 2.5 kg)        |
# | crabs.csv         | r-cran-mass (crabs)        |  200 | sp == "O" (orange species)              |
# | infert.csv        | r-base-core (datasets: infert) | 248 | case == 1                           |
# | mroz.csv          | r-cran-cardata (Mroz)      |  753 | lfp == "yes" (in the labour force)      |
# | titanic.csv       | r-cran-cardata (TitanicSurvival) | 1309 | survived == "yes"             |
#
# The confirm group, nine more sets of the same packages, named before any learner was run on
# them (to confirm on fresh data what bench/quality_narrow.mjs found on the groups above):
#
# | file              | package (data set)        | rows | label = 1 when                          |
# |-------------------|---------------------------|-----:|-----------------------------------------|
# | cats.csv          | r-cran-mass (cats)         |  144 | Sex == "M"                              |
# | cars93.csv        | r-cran-mass (Cars93)       |   93 | Origin == "non-USA"                     |
# | survey.csv        | r-cran-mass (survey)       |  236 | Sex == "Male" (the row without a sex left out) |
# | aids2.csv         | r-cran-mass (Aids2)        | 2843 | status == "D" (died by the study's end) |
# | cowles.csv        | r-cran-cardata (Cowles)    | 1421 | volunteer == "yes"                      |
# | arrests.csv       | r-cran-cardata (Arrests)   | 5226 | released == "Yes"                       |
# | chile.csv         | r-cran-cardata (Chile)     | 1757 | vote == "Y" (the rows voting Y or N)    |
# | davis.csv         | r-cran-cardata (Davis)     |  200 | sex == "M"                              |
# | slid.csv          | r-cran-cardata (SLID)      | 7425 | sex == "Male"                           |
#
# Left out there: Cars93's Manufacturer, Model and Make (names that say the origin), Aids2's
# death (the day of death, which gives the status away).
#
# Columns left out, because they give the label away or are identifiers: birthwt's bwt (the
# birth weight that defines low), crabs' index (a row number within species and sex), infert's
# stratum and pooled.stratum (the matched sets' numbers). ticdata is kernlab's whole table (the
# CoIL 2000 training part, 5822 rows, and its evaluation part, 4000).
#
# Features: a number as it is; a logical or a factor of two levels as 0/1 (1 for its second
# level: "y" for HouseVotes84's votes, "M" for crabs' sex, "male" for TitanicSurvival's sex,
# "yes" for Mroz's wc and hc); an ordered factor as its level's rank (ticdata's bands); any other
# factor one-hot, one 0/1 column a level (ticdata's STYPE, MGEMLEEF and MOSHOOFD, birthwt's race,
# infert's education, TitanicSurvival's passengerClass, promotergene's 57 bases). A missing value
# stays missing (an empty cell), in every one-hot column of its factor.
suppressMessages({
  library(kernlab)
  library(mlbench)
  library(MASS)
  library(carData)
})

args <- commandArgs(trailingOnly = TRUE)
if (length(args) < 1 || length(args) > 2 || !(length(args) == 1 || args[2] %in% c("unseen", "confirm")))
  stop("usage: Rscript bench/unseen_sets.R DIR [unseen|confirm]")
dir <- args[1]
group <- if (length(args) == 2) args[2] else "unseen"
dir.create(dir, showWarnings = FALSE, recursive = TRUE)

# The features of `df` as numbers (the rules above) and the label 1/-1 from `positive`.
encode <- function(df, positive) {
  if (anyNA(positive)) stop("a row has no label")
  cols <- list()
  for (nm in names(df)) {
    v <- df[[nm]]
    if (is.ordered(v)) {
      cols[[nm]] <- as.integer(v)
    } else if (is.factor(v) || is.character(v)) {
      v <- factor(v)
      lv <- levels(v)
      if (length(lv) == 2) {
        cols[[nm]] <- as.integer(v == lv[2])
      } else {
        for (l in lv) cols[[paste0(nm, "_", l)]] <- as.integer(v == l)
      }
    } else if (is.logical(v)) {
      cols[[nm]] <- as.integer(v)
    } else {
      cols[[nm]] <- as.numeric(v)
    }
  }
  out <- as.data.frame(cols, check.names = FALSE)
  # Names a CSV header holds without quoting.
  names(out) <- gsub("[^A-Za-z0-9_.]", "_", names(out))
  out$label <- ifelse(positive, 1L, -1L)
  out
}

write_set <- function(name, out) {
  path <- file.path(dir, paste0(name, ".csv"))
  write.csv(out, path, row.names = FALSE, na = "", quote = FALSE)
  cat(sprintf("%s: %d rows, %d features, %d positive\n", path, nrow(out), ncol(out) - 1,
              sum(out$label == 1)))
}

without <- function(df, drop) df[, setdiff(names(df), drop), drop = FALSE]

if (group == "unseen") {
data(spam, package = "kernlab")
write_set("spam", encode(without(spam, "type"), spam$type == "spam"))

data(musk, package = "kernlab")
write_set("musk", encode(without(musk, "Class"), musk$Class == "1"))

data(ticdata, package = "kernlab")
write_set("ticdata", encode(without(ticdata, "CARAVAN"), ticdata$CARAVAN == "insurance"))

data(promotergene, package = "kernlab")
write_set("promotergene", encode(without(promotergene, "Class"), promotergene$Class == "+"))

data(HouseVotes84, package = "mlbench")
write_set("housevotes84",
          encode(without(HouseVotes84, "Class"), HouseVotes84$Class == "republican"))

data(birthwt, package = "MASS")
birthwt$race <- factor(birthwt$race, labels = c("white", "black", "other"))
write_set("birthwt", encode(without(birthwt, c("low", "bwt")), birthwt$low == 1))

data(crabs, package = "MASS")
write_set("crabs", encode(without(crabs, c("sp", "index")), crabs$sp == "O"))

data(infert, package = "datasets")
write_set("infert",
          encode(without(infert, c("case", "stratum", "pooled.stratum")), infert$case == 1))

data(Mroz, package = "carData")
write_set("mroz", encode(without(Mroz, "lfp"), Mroz$lfp == "yes"))

data(TitanicSurvival, package = "carData")
write_set("titanic",
          encode(without(TitanicSurvival, "survived"), TitanicSurvival$survived == "yes"))
}

if (group == "confirm") {
data(cats, package = "MASS")
write_set("cats", encode(without(cats, "Sex"), cats$Sex == "M"))

data(Cars93, package = "MASS")
write_set("cars93", encode(without(Cars93, c("Origin", "Manufacturer", "Model", "Make")),
                           Cars93$Origin == "non-USA"))

data(survey, package = "MASS")
survey <- survey[!is.na(survey$Sex), ]
write_set("survey", encode(without(survey, "Sex"), survey$Sex == "Male"))

data(Aids2, package = "MASS")
write_set("aids2", encode(without(Aids2, c("status", "death")), Aids2$status == "D"))

data(Cowles, package = "carData")
write_set("cowles", encode(without(Cowles, "volunteer"), Cowles$volunteer == "yes"))

data(Arrests, package = "carData")
write_set("arrests", encode(without(Arrests, "released"), Arrests$released == "Yes"))

data(Chile, package = "carData")
Chile <- Chile[!is.na(Chile$vote) & Chile$vote %in% c("Y", "N"), ]
write_set("chile", encode(without(Chile, "vote"), Chile$vote == "Y"))

data(Davis, package = "carData")
write_set("davis", encode(without(Davis, "sex"), Davis$sex == "M"))

data(SLID, package = "carData")
write_set("slid", encode(without(SLID, "sex"), SLID$sex == "Male"))
}
