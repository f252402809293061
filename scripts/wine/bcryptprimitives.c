/*
 * ProcessPrng, which the Rust standard library takes its random numbers
 * from on Windows 10 and later, for the Wine of Debian 12 (8.0), which
 * has no bcryptprimitives.dll yet. Only the Wine prefix of
 * scripts/windows-test.sh gets this library; it is never shipped. It
 * draws from RtlGenRandom (advapi32's SystemFunction036), Windows' own
 * source of random bytes.
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length > 0) {
        ULONG chunk = length > 0x10000000 ? 0x10000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk))
            return FALSE;
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
