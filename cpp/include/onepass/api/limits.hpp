// The bounds every front end states and the core enforces (core/limits.hpp): the widest row, the
// rolling window, the shuffle buffer. The CSV options' own bounds travel with their table
// (api/csv_options.hpp), a CSV record's with the reader's options.
#pragma once

#include "core/limits.hpp"
#include "pipeline/run_memory.hpp"  // run_memory_limit, check_run_memory
