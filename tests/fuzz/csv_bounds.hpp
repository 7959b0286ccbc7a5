// The CSV options that size what a run holds, drawn by the fuzz targets up to the bounds the
// options' table documents (api/csv_options.hpp, whose bounds come from core/limits.hpp): the
// record bound, the columns, the encoder's levels, buckets and text bits, and the sampled rows.
// Each goes through set_csv_option, as a front end's text does; a value within the table's bounds
// that it refuses is a defect.
#pragma once

#include <string>

#include "fuzz_input.hpp"
#include "onepass/api/csv_options.hpp"

namespace onepass::fuzz {

struct CsvUsual {
  std::size_t record_bytes = 4096, fields = 64, sample_rows = 1000;
};

inline void draw_csv_bounds(Input& in, CsvOptions& opt, const CsvUsual& usual) {
  for (const CsvOptionInfo& info : csv_option_infos()) {
    const std::string name = info.name;
    std::size_t u;
    if (name == "maxRecordBytes")
      u = usual.record_bytes;
    else if (name == "maxFields")
      u = usual.fields;
    else if (name == "maxLevels")
      u = opt.encoder.max_levels;
    else if (name == "levelBuckets")
      u = opt.encoder.level_buckets;
    else if (name == "textBits")
      u = static_cast<std::size_t>(opt.encoder.text_bits);
    else if (name == "sampleRows")
      u = usual.sample_rows;
    else
      continue;
    if (!set_csv_option(opt, info.name, std::to_string(in.size(info.min, info.max, u))))
      __builtin_trap();
  }
  if (!check_csv_options(opt)) __builtin_trap();
}

}  // namespace onepass::fuzz
