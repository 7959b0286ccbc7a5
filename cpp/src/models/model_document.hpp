// What the model file's reader, writer and merger share: the document as JSON (model_document.cpp:
// bounded parsing, non-finite numbers, byte-exact strings, the checksum) and the reading of its
// envelope, state and schema (model_json.cpp). Private to cpp/src/models.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/status.hpp"
#include "models/model_json.hpp"

namespace onepass::model_document {

using json = nlohmann::json;

// "not a valid onepass model: <what>".
Status bad(const std::string& what);
// JSON text parsed with nesting bounded at 64 levels; the error names the byte where it stopped.
Result<json> parse_json(const std::string& text);

// Numbers as the array `out`, written with "NaN", "Infinity" and "-Infinity" for what JSON has
// no number for. Each document is built in place (core/json_release.hpp put says why).
void set_numbers(const std::vector<double>& v, json& out);
bool read_numbers(const json& j, std::vector<double>& out);
bool read_strings(const json& j, std::vector<std::string>& out);
// The member `key` of an object, or nullptr; its text, or "".
const json* member(const json& j, const char* key);
std::string text_of(const json& j, const char* key);

// A string in its file form (valid UTF-8, other bytes escaped reversibly) and back.
std::string file_string(const std::string& s);
std::string memory_string(const std::string& s);
// Every string of a document mapped by f, into `out`.
void map_strings(const json& j, std::string (*f)(const std::string&), json& out);
// "fnv1a64:<16 hex digits>" over the document's canonical form.
std::string checksum_of(const json& body);

// The body of a model file after its format, version and checksum are checked.
Result<json> parse_model(const std::string& text);
// A body's pipeline state and schema, every value checked.
Result<PipelineState> state_of(const json& j);
Result<ModelSchema> schema_of(const json& j);

}  // namespace onepass::model_document
