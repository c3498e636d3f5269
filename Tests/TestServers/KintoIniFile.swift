/// The `kinto.ini` both test servers start from: the app section differs (backends, auth
/// policy, who may create what), the server and logging sections are the same. Logs stay at
/// WARNING so a test's output is not flooded with request lines. `%(http_port)s` is filled in
/// by `kinto start --port`.
enum KintoIniFile {
    /// `appSettings` are the `kinto.*` and `multiauth.*` lines of `[app:main]`, one per line.
    static func text(appSettings: String) -> String {
        """
        [app:main]
        use = egg:kinto
        \(appSettings)

        [server:main]
        use = egg:waitress#main
        host = 127.0.0.1
        port = %(http_port)s

        [loggers]
        keys = root

        [handlers]
        keys = console

        [formatters]
        keys = generic

        [logger_root]
        level = WARNING
        handlers = console

        [handler_console]
        class = StreamHandler
        args = (sys.stderr,)
        level = NOTSET
        formatter = generic

        [formatter_generic]
        format = %(levelname)s %(message)s

        """
    }
}
