import CPNG
import CZlib
func libraryVersions() -> String { String(cString: cpng_libpng_version()) + " zlib " + String(cString: zlibVersion()) }
