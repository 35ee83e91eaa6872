/* libFuzzer entry point for the hcs target; the body is in harness_fix.c. */
#include "harness.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return fuzz_one(FUZZ_HCS, data, size);
}
