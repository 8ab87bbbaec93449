/* A stand-in for Windows' bcryptprimitives.dll, for Wine 8.0 only (which lacks it), built by
 * tools/windows.sh into the test prefix: Rust's standard library (since 1.78) asks it for
 * ProcessPrng, the system's random bytes. This one takes them from bcrypt.dll's system RNG,
 * which Wine has. Real Windows 10 and 11 have the real DLL; nothing of this is shipped. */
#include <windows.h>
#include <bcrypt.h>

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length) {
    while (length > 0) {
        ULONG chunk = length > 0x40000000 ? 0x40000000 : (ULONG)length;
        if (BCryptGenRandom(NULL, data, chunk, BCRYPT_USE_SYSTEM_PREFERRED_RNG) != 0) {
            return FALSE;
        }
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
