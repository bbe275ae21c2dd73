import WenjinHTTP
import WenjinPreview

extension PreviewError: UserFacingError {
    public var failure: String { "the preview server cannot start" }

    public var location: String? {
        switch reason {
        case .cannotListen(let error): error.context
        }
    }

    public var cause: String? {
        switch reason {
        case .cannotListen(let error): error.description
        }
    }

    public var remedy: String? {
        switch reason {
        case .cannotListen(let error):
            switch error.reason {
            case .addressInUse: "choose another port with --port (0 picks a free one)"
            case .invalidHost: "give --host a numeric address such as 127.0.0.1"
            default: nil
            }
        }
    }
}
