/* libFuzzer entry point for the san target; the body is in harness.c. */
#include "harness.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return fuzz_one(FUZZ_SAN, data, size);
}
