"""The server process's exit codes (``iggy-server --help`` lists them).

A module of their own, importing nothing, so a launcher (iggy_server.testing, a supervisor) can read them without
loading the server: importing its entry module pulls in the configuration and the wire codec, about half a
second of CPU per process, which every test server's launcher paid once.
"""

EXIT_CONFIG_ERROR = 2
EXIT_BROKEN_INSTALL = 3
# Its own code so a launcher can tell "that port is taken, pick another" from every other start-up failure.
EXIT_ADDRESS_IN_USE = 4
