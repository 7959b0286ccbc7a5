// nlohmann::json (3.11) destroys an array or object without recursion by first moving its
// elements into a std::vector it allocates (json_value::destroy): when memory has run out, that
// allocation throws inside a noexcept destructor, which is std::terminate. release() empties a
// value from its leaves up instead, allocating nothing, so that its destructor has nothing to
// move (an empty container reserves nothing). A document is released before it is destroyed
// (ReleasedJson), its parts are built in place in it, and a value with content is moved in
// (put), never copied and dropped. tests/oom/alloc_failure_test.cpp writes the documents with
// memory that stays exhausted, where any such drop is std::terminate. The recursion is
// as deep as the value: a model file nests at most 64 levels (models/model_document.cpp), the
// other documents a few.
#pragma once

#include <cstddef>
#include <iterator>
#include <utility>

namespace onepass {

// A value that failed to become a container (null turned into an object by operator[], whose
// allocation threw) says it is one with no storage: it has nothing to release.
template <class Json>
void release(Json& j) noexcept {
  if (auto* array = j.template get_ptr<typename Json::array_t*>()) {
    auto& a = *array;
    while (!a.empty()) {
      release(a.back());
      a.pop_back();
    }
  } else if (auto* object = j.template get_ptr<typename Json::object_t*>()) {
    auto& o = *object;
    while (!o.empty()) {
      const auto last = std::prev(o.end());
      release(last->second);
      o.erase(last);
    }
  }
}

namespace detail {
template <class Object>
auto reserve_members(Object& o, std::size_t n, int) -> decltype(o.reserve(n), void()) {
  o.reserve(n);
}
template <class Object>
void reserve_members(Object&, std::size_t, long) {}
}  // namespace detail

// An object with room for `members` members. nlohmann::ordered_json keeps an object's members
// in a std::vector of pairs whose key is const, which that vector cannot move when it grows: it
// copies every member, containers whole, then destroys the old ones, which allocates (above),
// outside any failure. So an ordered object that holds a container before its last member is
// made with room for all of them, and never grows; nlohmann::json's objects are std::maps,
// whose members stay where they are (nothing to reserve).
template <class Json>
Json object_with_room(std::size_t members) {
  Json j = Json::object();
  detail::reserve_members(*j.template get_ptr<typename Json::object_t*>(), members, 0);
  return j;
}

// Releases `j` when it goes out of scope (declared after it, so before it is destroyed), on
// every path out: a return, an error, or a std::bad_alloc passing through.
template <class Json>
class ReleasedJson {
 public:
  explicit ReleasedJson(Json& j) : j_(j) {}
  ReleasedJson(const ReleasedJson&) = delete;
  ReleasedJson& operator=(const ReleasedJson&) = delete;
  ~ReleasedJson() { release(j_); }

 private:
  Json& j_;
};

// Adds `value` as the member `key` of `object` (an object, or a null it makes one) and returns
// the member. The value is made first, as in `object[key] = value`, and held released until it
// is moved in: adding the member allocates (the key, a std::map's node) and may fail, and the
// value, an array or object, would then be dropped whole by nlohmann's destroy, which allocates
// (above). A member replaced is released before it is dropped. The key is one that is held (a
// literal, a string that outlives the call), or the value one that nothing drops (a std::vector,
// made into a value here): a key made for the call may be made after the value, outside this.
template <class Json, class Key, class Value>
Json& put(Json& object, Key&& key, Value&& value) {
  Json member(std::forward<Value>(value));
  const ReleasedJson<Json> released(member);
  Json& slot = object[std::forward<Key>(key)];
  release(slot);
  slot = std::move(member);
  return slot;
}

}  // namespace onepass
